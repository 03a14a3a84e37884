// The rules of the housing benefit application, without zod so the registration island stays
// light: the island builds its form state itself, while untrusted input (the intake service)
// first goes through the zod structure in application.ts, which then applies these same rules.
import type { Lang } from '../../../i18n/languages.ts';
import type { ApplicationForm } from './form-schema.ts';
import { isEmail } from '../../../site/form/email.ts';
import {
  ADULT_AGE,
  EXTRA_BEDROOMS_MAX,
  HOURS_MAX,
  HOURS_MIN,
  INCOME_MAX,
  INCOME_MIN,
  MINOR_AGE,
} from '../../../site/rules/housing-benefit-limits.ts';
import {
  ageOn,
  isNewBrunswickPostalCode,
  normalizeDate,
  normalizePhone,
  normalizePostalCode,
  normalizeSin,
  parseMoney,
} from '../../../site/form/formats.ts';
import {
  communicationMethods,
  employmentBarriers,
  genders,
  housingSituations,
  incomeColumns,
  incomeRows,
  marginalizedGroups,
  officialLanguages,
  PREFER_NOT,
  programsReceived,
  provinces,
  relationships,
  rentalTypes,
  yesNo,
  type IncomeColumn,
  type IncomeRow,
  type UploadGroup,
} from './options.ts';

interface Address {
  streetNumber: string;
  streetName: string;
  unit: string;
  city: string;
  province: string;
  postalCode: string;
}
interface Member {
  firstName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  relationship: string;
}
export interface HousingApplication {
  lang: Lang;
  applicant: {
    firstName: string;
    preferredName: string;
    middleInitials: string;
    lastName: string;
    email: string;
    phone: string;
    cellPhone: string;
    dateOfBirth: string;
    gender: string;
    genderSelfDescribe: string;
    writtenLanguage: string;
    spokenLanguage: string;
    communication: string;
    sin: string;
    homeAddress: Address;
    mailingAddress: Address | null;
  };
  members19Plus: Member[];
  members18Under: Member[];
  rental: {
    monthlyRent: number;
    utilitiesIncluded: boolean;
    water: number | null;
    electricity: number | null;
    heat: number | null;
    rentalType: string;
  };
  employment: Array<{ employer: string; hoursPerWeek: number; hourlyRate: number }>;
  income: Record<IncomeRow, Record<IncomeColumn, number | null>>;
  otherIncome: { description: string; amount: number | null };
  additional: {
    extraBedrooms: number;
    marginalized: string[];
    housingSituation: string[];
    programs: string[];
    barriers: string[];
    barrierOther: string;
  };
  consents: {
    contactExperience: boolean;
    shareInformation: boolean;
    authorizeVerify: boolean;
    emailContact: boolean;
    emailRisk: boolean;
  };
  declaration: true;
  uploads: Array<{ uploadId: string; uploadToken?: string; group: UploadGroup; name: string }>;
}

export interface FieldError {
  path: string;
  code: string;
}

/** The field checks, each recording the first error per field in `errors`. */
function fieldChecks(today: string) {
  const errors: FieldError[] = [];
  const fail = (path: string, code: string) => {
    if (!errors.some((e) => e.path === path)) errors.push({ path, code });
  };
  const required = (path: string, v: string) => {
    if (v.trim() === '') fail(path, 'required');
    return v.trim();
  };
  const choice = (path: string, v: string, allowed: readonly string[], optional = false) => {
    if (v === '') {
      if (!optional) fail(path, 'required');
    } else if (!allowed.includes(v)) fail(path, 'invalid_choice');
    return v;
  };
  const money = (path: string, v: string, optional: boolean): number | null => {
    if (v.trim() === '') {
      if (!optional) fail(path, 'required');
      return null;
    }
    const n = parseMoney(v);
    if (n === 'negative') fail(path, 'negative_amount');
    else if (n === null) fail(path, 'invalid_amount');
    return typeof n === 'number' ? n : null;
  };
  const date = (path: string, v: string, age?: 'adult' | 'minor') => {
    if (required(path, v) === '') return '';
    const d = normalizeDate(v);
    if (!d) return (fail(path, 'invalid_date'), '');
    if (d > today) return (fail(path, 'date_future'), d);
    if (age === 'adult' && ageOn(d, today) < ADULT_AGE) fail(path, 'age_adult');
    if (age === 'minor' && ageOn(d, today) > MINOR_AGE) fail(path, 'age_minor');
    return d;
  };
  const postal = (path: string, v: string, mustBeNb: boolean) => {
    if (required(path, v) === '') return '';
    const p = normalizePostalCode(v);
    if (!p) return (fail(path, 'invalid_postal'), '');
    if (mustBeNb && !isNewBrunswickPostalCode(p)) fail(path, 'postal_nb');
    return p;
  };
  const multi = (path: string, values: string[], allowed: readonly string[]) => {
    const unique = [...new Set(values)];
    if (unique.some((v) => !allowed.includes(v))) fail(path, 'invalid_choice');
    else if (unique.includes(PREFER_NOT) && unique.length > 1) fail(path, 'prefer_not_alone');
    return unique;
  };
  return { errors, fail, required, choice, money, date, postal, multi };
}

type Checks = ReturnType<typeof fieldChecks>;

function checkAddress(
  c: Checks,
  prefix: string,
  a: ApplicationForm['applicant']['homeAddress'],
  home: boolean,
): Address {
  const province = c.choice(`${prefix}.province`, a.province, provinces);
  if (home && province !== '' && provinces.includes(province as never) && province !== 'NB')
    c.fail(`${prefix}.province`, 'must_be_nb');
  return {
    streetNumber: a.streetNumber.trim(),
    streetName: c.required(`${prefix}.streetName`, a.streetName),
    unit: a.unit.trim(),
    city: c.required(`${prefix}.city`, a.city),
    province,
    postalCode: c.postal(`${prefix}.postalCode`, a.postalCode, home),
  };
}

// Keep the error order of the form's fields (the summary lists them top to bottom).
const applicantOrder = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'cellPhone',
  'dateOfBirth',
  'gender',
  'genderSelfDescribe',
  'writtenLanguage',
  'spokenLanguage',
  'communication',
  'sin',
  'homeAddress',
  'mailingAddress',
];

function checkApplicant(c: Checks, a: ApplicationForm['applicant']): HousingApplication['applicant'] {
  const { required, choice, date, fail } = c;
  const applicant: HousingApplication['applicant'] = {
    firstName: required('applicant.firstName', a.firstName),
    preferredName: a.preferredName.trim(),
    middleInitials: a.middleInitials.trim(),
    lastName: required('applicant.lastName', a.lastName),
    email: required('applicant.email', a.email),
    phone: '',
    cellPhone: '',
    dateOfBirth: date('applicant.dateOfBirth', a.dateOfBirth),
    gender: choice('applicant.gender', a.gender, genders),
    genderSelfDescribe:
      a.gender === 'self_describe' ? required('applicant.genderSelfDescribe', a.genderSelfDescribe) : '',
    writtenLanguage: choice('applicant.writtenLanguage', a.writtenLanguage, officialLanguages),
    spokenLanguage: choice('applicant.spokenLanguage', a.spokenLanguage, officialLanguages),
    communication: choice('applicant.communication', a.communication, communicationMethods),
    sin: '',
    homeAddress: checkAddress(c, 'applicant.homeAddress', a.homeAddress, true),
    mailingAddress: a.mailingDifferent ? checkAddress(c, 'applicant.mailingAddress', a.mailingAddress, false) : null,
  };
  if (applicant.email && !isEmail(applicant.email)) fail('applicant.email', 'invalid_email');
  if (required('applicant.phone', a.phone))
    applicant.phone = normalizePhone(a.phone) ?? (fail('applicant.phone', 'invalid_phone'), '');
  if (a.cellPhone.trim())
    applicant.cellPhone = normalizePhone(a.cellPhone) ?? (fail('applicant.cellPhone', 'invalid_phone'), '');
  if (required('applicant.sin', a.sin))
    applicant.sin = normalizeSin(a.sin) ?? (fail('applicant.sin', 'invalid_sin'), '');
  const rank = (p: string) => (p.startsWith('applicant.') ? applicantOrder.indexOf(p.split('.')[1]!) : 99);
  c.errors.sort((x, y) => rank(x.path) - rank(y.path));
  return applicant;
}

function checkMembers(
  c: Checks,
  form: ApplicationForm,
  key: 'members19Plus' | 'members18Under',
  age: 'adult' | 'minor',
): Member[] {
  return form[key].map((m, i): Member => ({
    firstName: c.required(`${key}.${i}.firstName`, m.firstName),
    lastName: c.required(`${key}.${i}.lastName`, m.lastName),
    gender: c.choice(`${key}.${i}.gender`, m.gender, genders),
    dateOfBirth: c.date(`${key}.${i}.dateOfBirth`, m.dateOfBirth, age),
    relationship: c.choice(`${key}.${i}.relationship`, m.relationship, relationships),
  }));
}

function checkRental(c: Checks, r: ApplicationForm['rental']): HousingApplication['rental'] {
  const monthlyRent = c.money('rental.monthlyRent', r.monthlyRent, false);
  const utilities = c.choice('rental.utilitiesIncluded', r.utilitiesIncluded, yesNo);
  const separate = utilities === 'no';
  return {
    monthlyRent: monthlyRent ?? 0,
    utilitiesIncluded: utilities === 'yes',
    water: c.money('rental.water', r.water, !separate),
    electricity: c.money('rental.electricity', r.electricity, !separate),
    heat: c.money('rental.heat', r.heat, !separate),
    rentalType: c.choice('rental.rentalType', r.rentalType, rentalTypes),
  };
}

function checkEmployment(c: Checks, form: ApplicationForm): HousingApplication['employment'] {
  return form.employment.map((job, i) => {
    let hours = 0;
    if (c.required(`employment.${i}.hoursPerWeek`, job.hoursPerWeek)) {
      hours = Number(job.hoursPerWeek.trim().replace(',', '.'));
      if (!/^\d{1,2}([.,]\d)?$/.test(job.hoursPerWeek.trim()) || hours < HOURS_MIN || hours > HOURS_MAX)
        c.fail(`employment.${i}.hoursPerWeek`, 'invalid_hours');
    }
    return {
      employer: job.employer.trim(),
      hoursPerWeek: hours,
      hourlyRate: c.money(`employment.${i}.hourlyRate`, job.hourlyRate, false) ?? 0,
    };
  });
}

function checkIncome(c: Checks, form: ApplicationForm): HousingApplication['income'] {
  const income = {} as HousingApplication['income'];
  for (const row of incomeRows) {
    income[row] = {} as Record<IncomeColumn, number | null>;
    for (const col of incomeColumns)
      income[row][col] = c.money(`income.${row}.${col}`, form.income[row]?.[col] ?? '', true);
  }
  const applicantIncome = incomeRows.some((row) => (income[row].applicant ?? 0) > 0);
  if (!applicantIncome && !c.errors.some((e) => e.path.startsWith('income.') && e.path.endsWith('.applicant')))
    c.fail('income.employment.applicant', 'income_applicant');
  return income;
}

function checkAdditional(c: Checks, ad: ApplicationForm['additional']): HousingApplication['additional'] {
  let extraBedrooms = 0;
  if (ad.extraBedrooms.trim() !== '') {
    extraBedrooms = Number(ad.extraBedrooms.trim());
    if (!/^\d$/.test(ad.extraBedrooms.trim()) || extraBedrooms > EXTRA_BEDROOMS_MAX)
      c.fail('additional.extraBedrooms', 'invalid_bedrooms');
  }
  const barriers = c.multi('additional.barriers', ad.barriers, employmentBarriers);
  return {
    extraBedrooms,
    marginalized: c.multi('additional.marginalized', ad.marginalized, marginalizedGroups),
    housingSituation: c.multi('additional.housingSituation', ad.housingSituation, housingSituations),
    programs: c.multi('additional.programs', ad.programs, programsReceived),
    barriers,
    barrierOther: barriers.includes('other') ? c.required('additional.barrierOther', ad.barrierOther) : '',
  };
}

/** Checks a parsed form; returns its errors (first per field) and the normalized application. */
export function checkApplication(
  form: ApplicationForm,
  today: string,
): { errors: FieldError[]; value: HousingApplication } {
  const c = fieldChecks(today);
  // In the form's order: the error list follows it.
  const applicant = checkApplicant(c, form.applicant);
  const members19Plus = checkMembers(c, form, 'members19Plus', 'adult');
  const members18Under = checkMembers(c, form, 'members18Under', 'minor');
  const rental = checkRental(c, form.rental);
  const employment = checkEmployment(c, form);
  const income = checkIncome(c, form);
  const otherIncome = {
    description: form.otherIncome.description.trim(),
    amount: c.money('otherIncome.amount', form.otherIncome.amount, true),
  };
  const additional = checkAdditional(c, form.additional);

  const consents = { ...form.consents };
  if (!consents.authorizeVerify) c.fail('consents.authorizeVerify', 'authorize');
  if (consents.emailContact && !consents.emailRisk) c.fail('consents.emailRisk', 'email_risk');
  if (!form.declaration) c.fail('declaration', 'declaration');
  if (!form.confirmComplete) c.fail('confirmComplete', 'confirm_complete');

  return {
    errors: c.errors,
    value: {
      lang: form.lang,
      applicant,
      members19Plus,
      members18Under,
      rental,
      employment,
      income,
      otherIncome,
      additional,
      consents,
      declaration: true,
      uploads: form.uploads,
    },
  };
}

/** Sum of the regular employment row: the household employment income of the eligibility rule. */
export function householdEmploymentIncome(form: Pick<ApplicationForm, 'income'>): number {
  const row = form.income.employment;
  if (!row) return 0;
  return incomeColumns.reduce((sum, col) => {
    const n = parseMoney(row[col] ?? '');
    return sum + (typeof n === 'number' ? n : 0);
  }, 0);
}

export function incomeWarning(total: number): 'below' | 'above' | null {
  return total < INCOME_MIN ? 'below' : total > INCOME_MAX ? 'above' : null;
}
