// The rows of the final review, by step: every answer as the applicant would say it (labels
// for codes, lists joined the language's way, amounts as money), shown by Review.tsx.
import { locale, type Lang } from '../../../i18n/languages.ts';
import { fill } from '../../../i18n/define.ts';
import type { ApplicationForm } from '../rules/form-schema.ts';
import { incomeColumns, incomeRows, uploadGroups } from '../rules/options.ts';
import {
  communicationLabels,
  employmentBarrierLabels,
  genderLabels,
  housingSituationLabels,
  incomeColumnLabels,
  incomeRowLabels,
  languageLabels,
  marginalizedLabels,
  programsReceivedLabels,
  provinceLabels,
  relationshipLabels,
  rentalTypeLabels,
  yesNoLabels,
} from '../option-strings.ts';
import type { Step } from '../rules/steps.ts';
import { parseMoney } from '../../../site/form/formats.ts';
import { formatHourlyRate, formatMoney } from '../../../i18n/typography/numbers.ts';
import { formatAddress } from '../../../i18n/typography/address.ts';
import type { RegistrationStrings } from '../strings.ts';
import type { UploadItem } from './use-uploads.ts';

export type Row = readonly [label: string, value: string];

/** How answers read on the review, in one language. */
function formatters(lang: Lang) {
  const label = <T extends string>(labels: Record<T, string>, v: string) => (v ? (labels[v as T] ?? v) : '');
  // Lists read as the language writes them: "a, b and c", « a, b et c ».
  const listFormat = new Intl.ListFormat(locale(lang), { type: 'conjunction' });
  const list = <T extends string>(labels: Record<T, string>, values: string[]) =>
    listFormat.format(values.map((v) => labels[v as T] ?? v));
  // Amounts as typed ("850", "1 234,50") are shown the language's way ($850.00, 850,00 $).
  const money = (v: string | undefined) => {
    const n = parseMoney(v ?? '');
    return typeof n === 'number' ? formatMoney(lang, n, { cents: true }) : (v ?? '');
  };
  const rate = (v: string) => {
    const n = parseMoney(v);
    return typeof n === 'number' ? formatHourlyRate(lang, n) : v;
  };
  // « 27, rue Main, Moncton (Nouveau-Brunswick)  E1C 4B7 »: each language's address order.
  const address = (x: ApplicationForm['applicant']['homeAddress']) =>
    formatAddress(lang, { ...x, province: label(provinceLabels[lang], x.province) });
  return { label, listFormat, list, money, rate, address };
}

type Format = ReturnType<typeof formatters>;

function applicantRows(lang: Lang, s: RegistrationStrings, form: ApplicationForm, { label, address }: Format): Row[] {
  const a = form.applicant;
  return [
    [s.firstName, a.firstName],
    [s.preferredName, a.preferredName],
    [s.middleInitials, a.middleInitials],
    [s.lastName, a.lastName],
    [s.email, a.email],
    [s.phone, a.phone],
    [s.cellPhone, a.cellPhone],
    [s.dateOfBirth, a.dateOfBirth],
    [
      s.gender,
      a.gender === 'self_describe'
        ? fill(lang, s.pair, { label: label(genderLabels[lang], a.gender), value: a.genderSelfDescribe })
        : label(genderLabels[lang], a.gender),
    ],
    [s.writtenLanguage, label(languageLabels[lang], a.writtenLanguage)],
    [s.spokenLanguage, label(languageLabels[lang], a.spokenLanguage)],
    [s.communication, label(communicationLabels[lang], a.communication)],
    // Only the last three digits: the review can be read over a shoulder.
    [s.sin, a.sin ? `••• ••• ${a.sin.replace(/\D/g, '').slice(-3)}` : ''],
    [s.homeAddress, address(a.homeAddress)],
    [s.mailingAddress, a.mailingDifferent ? address(a.mailingAddress) : s.sameAsHome],
  ];
}

function memberRows(
  lang: Lang,
  s: RegistrationStrings,
  form: ApplicationForm,
  which: 'members19Plus' | 'members18Under',
  { label }: Format,
): Row[] {
  return form[which].flatMap(
    (m, i) =>
      [
        [
          `${which === 'members19Plus' ? fill(lang, s.memberAdult, { n: i + 1 }) : fill(lang, s.memberMinor, { n: i + 1 })}`,
          [m.firstName, m.lastName].join(' '),
        ],
        [s.gender, label(genderLabels[lang], m.gender)],
        [s.dateOfBirth, m.dateOfBirth],
        [s.relationship, label(relationshipLabels[lang], m.relationship)],
      ] as Row[],
  );
}

function incomeRowsShown(lang: Lang, s: RegistrationStrings, form: ApplicationForm, { money }: Format): Row[] {
  return incomeRows.flatMap((row) =>
    incomeColumns
      .filter((c) => (form.income[row]?.[c] ?? '').trim() !== '')
      .map(
        (c) =>
          [
            fill(lang, s.pair, { label: incomeRowLabels[lang][row], value: incomeColumnLabels[lang][c] }),
            money(form.income[row]![c]),
          ] as Row,
      ),
  );
}

function rentalRows(lang: Lang, s: RegistrationStrings, form: ApplicationForm, { label, money }: Format): Row[] {
  return [
    [s.monthlyRent, money(form.rental.monthlyRent)],
    [s.utilitiesIncluded, label(yesNoLabels[lang], form.rental.utilitiesIncluded)],
    ...(form.rental.utilitiesIncluded === 'no'
      ? ([
          [s.water, money(form.rental.water)],
          [s.electricity, money(form.rental.electricity)],
          [s.heat, money(form.rental.heat)],
        ] as Row[])
      : []),
    [s.rentalType, label(rentalTypeLabels[lang], form.rental.rentalType)],
  ];
}

function employmentRows(lang: Lang, s: RegistrationStrings, form: ApplicationForm, { rate }: Format): Row[] {
  return form.employment.map(
    (j, i) =>
      [
        fill(lang, s.job, { n: i + 1 }),
        [j.employer, j.hoursPerWeek && hours(lang, s, j.hoursPerWeek), j.hourlyRate ? rate(j.hourlyRate) : '']
          .filter(Boolean)
          .join(', '),
      ] as Row,
  );
}

/** "37.5" or "37,5" as « 37,5 heures par semaine »; anything else as typed ("abc hours a week"). */
function hours(lang: Lang, s: RegistrationStrings, typed: string): string {
  const t = typed.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(t)) return fill(lang, s.hoursAWeek.other, { n: t });
  return fill(lang, s.hoursAWeek, { n: Number(t.replace(',', '.')) });
}

function additionalRows(lang: Lang, s: RegistrationStrings, form: ApplicationForm, { list }: Format): Row[] {
  return [
    [s.extraBedrooms, form.additional.extraBedrooms],
    [s.marginalized, list(marginalizedLabels[lang], form.additional.marginalized)],
    [s.housingSituation, list(housingSituationLabels[lang], form.additional.housingSituation)],
    [s.programs, list(programsReceivedLabels[lang], form.additional.programs)],
    [
      s.barriers,
      form.additional.barrierOther
        ? fill(lang, s.pair, {
            label: list(employmentBarrierLabels[lang], form.additional.barriers),
            value: form.additional.barrierOther,
          })
        : list(employmentBarrierLabels[lang], form.additional.barriers),
    ],
  ];
}

function consentRows(s: RegistrationStrings, form: ApplicationForm): Row[] {
  const consent = (v: boolean) => (v ? s.yes : s.no);
  return [
    [s.contactExperience, consent(form.consents.contactExperience)],
    [s.shareInformation, consent(form.consents.shareInformation)],
    [s.authorizeVerify, consent(form.consents.authorizeVerify)],
    [s.emailContact, consent(form.consents.emailContact)],
    ...(form.consents.emailContact ? [[s.emailRisk, consent(form.consents.emailRisk)] as Row] : []),
  ];
}

/** Every step with its rows, in the form's order. */
export function reviewSections(
  lang: Lang,
  s: RegistrationStrings,
  form: ApplicationForm,
  uploads: UploadItem[],
): Array<{ step: Step; rows: Row[] }> {
  const f = formatters(lang);
  return [
    { step: 'applicant', rows: applicantRows(lang, s, form, f) },
    { step: 'members19Plus', rows: memberRows(lang, s, form, 'members19Plus', f) },
    { step: 'members18Under', rows: memberRows(lang, s, form, 'members18Under', f) },
    { step: 'rental', rows: rentalRows(lang, s, form, f) },
    { step: 'employment', rows: employmentRows(lang, s, form, f) },
    {
      step: 'otherIncome',
      rows: [
        ...incomeRowsShown(lang, s, form, f),
        [s.otherIncomeDescription, form.otherIncome.description],
        [s.otherIncomeAmount, f.money(form.otherIncome.amount)],
      ],
    },
    { step: 'additional', rows: additionalRows(lang, s, form, f) },
    { step: 'consent', rows: consentRows(s, form) },
    { step: 'declaration', rows: [[s.declaration, form.declaration ? s.yes : s.no]] },
    {
      step: 'uploads',
      rows: uploadGroups.map(
        (g) =>
          [
            s.uploadGroups[g].title,
            f.listFormat.format(uploads.filter((u) => u.group === g && u.status === 'done').map((u) => u.name)),
          ] as Row,
      ),
    },
  ];
}
