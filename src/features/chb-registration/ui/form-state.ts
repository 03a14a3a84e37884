// The island's form state: the shape the shared schema reads, held only in memory (never in
// browser storage: it holds the SIN), with immutable path updates.
import type { ApplicationForm } from '../rules/form-schema.ts';
import type { Lang } from '../../../i18n/languages.ts';

const address = () => ({ streetNumber: '', streetName: '', unit: '', city: '', province: '', postalCode: '' });

export function emptyForm(lang: Lang): ApplicationForm {
  return {
    lang,
    applicant: {
      firstName: '',
      preferredName: '',
      middleInitials: '',
      lastName: '',
      email: '',
      phone: '',
      cellPhone: '',
      dateOfBirth: '',
      gender: '',
      genderSelfDescribe: '',
      writtenLanguage: '',
      spokenLanguage: '',
      communication: '',
      sin: '',
      homeAddress: address(),
      mailingDifferent: false,
      mailingAddress: address(),
    },
    members19Plus: [],
    members18Under: [],
    rental: { monthlyRent: '', utilitiesIncluded: '', water: '', electricity: '', heat: '', rentalType: '' },
    employment: [],
    income: {},
    otherIncome: { description: '', amount: '' },
    additional: {
      extraBedrooms: '',
      marginalized: [],
      housingSituation: [],
      programs: [],
      barriers: [],
      barrierOther: '',
    },
    consents: {
      contactExperience: false,
      shareInformation: false,
      authorizeVerify: false,
      emailContact: false,
      emailRisk: false,
    },
    declaration: false,
    confirmComplete: false,
    uploads: [],
  };
}

export const emptyMember = () => ({ firstName: '', lastName: '', gender: '', dateOfBirth: '', relationship: '' });
export const emptyJob = () => ({ employer: '', hoursPerWeek: '', hourlyRate: '' });

export function getIn(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node == null ? undefined : (node as Record<string, unknown>)[key]), root);
}

export function setIn<T>(root: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const node = (root ?? {}) as Record<string, unknown>;
  const next = rest.length ? setIn(node[key], rest.join('.'), value) : value;
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...node, [key]: next } as T;
}

/** True once the user has typed or chosen anything (leaving then asks for confirmation). */
export function hasAnswers(form: ApplicationForm, lang: Lang): boolean {
  return JSON.stringify(form) !== JSON.stringify(emptyForm(lang));
}
