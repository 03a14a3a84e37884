// Final review: every answer by section with a Change link back to its step (the
// check-your-answers pattern), warnings that do not block, and the completeness confirmation.
import type { ReactNode } from 'react';
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
import type { RegistrationStrings } from '../strings.ts';
import type { UploadItem } from './use-uploads.ts';

type Row = readonly [label: string, value: ReactNode];

interface Props {
  lang: Lang;
  s: RegistrationStrings;
  form: ApplicationForm;
  uploads: UploadItem[];
  goTo: (step: Step) => void;
}

export function Review({ lang, s, form, uploads, goTo }: Props) {
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
  const a = form.applicant;
  const address = (x: ApplicationForm['applicant']['homeAddress']) =>
    [
      [x.streetNumber, x.streetName].filter(Boolean).join(' '),
      x.unit,
      x.city,
      label(provinceLabels[lang], x.province),
      x.postalCode.toUpperCase(),
    ]
      .filter(Boolean)
      .join(', ');
  const members = (which: 'members19Plus' | 'members18Under'): Row[] =>
    form[which].flatMap(
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
  const incomeRowsShown = incomeRows.flatMap((row) =>
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
  const consent = (v: boolean) => (v ? s.yes : s.no);

  const sections: Array<{ step: Step; rows: Row[] }> = [
    {
      step: 'applicant',
      rows: [
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
        [s.mailingAddress, a.mailingDifferent ? address(a.mailingAddress) : s.homeAddress],
      ],
    },
    { step: 'members19Plus', rows: members('members19Plus') },
    { step: 'members18Under', rows: members('members18Under') },
    {
      step: 'rental',
      rows: [
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
      ],
    },
    {
      step: 'employment',
      rows: form.employment.map(
        (j, i) =>
          [
            fill(lang, s.job, { n: i + 1 }),
            [
              j.employer,
              j.hoursPerWeek && fill(lang, s.hoursAWeek, { hours: j.hoursPerWeek }),
              j.hourlyRate ? rate(j.hourlyRate) : '',
            ]
              .filter(Boolean)
              .join(', '),
          ] as Row,
      ),
    },
    {
      step: 'otherIncome',
      rows: [
        ...incomeRowsShown,
        [s.otherIncomeDescription, form.otherIncome.description],
        [s.otherIncomeAmount, money(form.otherIncome.amount)],
      ],
    },
    {
      step: 'additional',
      rows: [
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
      ],
    },
    {
      step: 'consent',
      rows: [
        [s.contactExperience, consent(form.consents.contactExperience)],
        [s.shareInformation, consent(form.consents.shareInformation)],
        [s.authorizeVerify, consent(form.consents.authorizeVerify)],
        [s.emailContact, consent(form.consents.emailContact)],
        ...(form.consents.emailContact ? [[s.emailRisk, consent(form.consents.emailRisk)] as Row] : []),
      ],
    },
    { step: 'declaration', rows: [[s.declaration, consent(form.declaration)]] },
    {
      step: 'uploads',
      rows: uploadGroups.map(
        (g) =>
          [
            s.uploadGroups[g].title,
            listFormat.format(uploads.filter((u) => u.group === g && u.status === 'done').map((u) => u.name)),
          ] as Row,
      ),
    },
  ];

  return (
    <>
      <p>{s.reviewIntro}</p>
      {sections.map(({ step, rows }) => (
        <section className="review-section" key={step} aria-labelledby={`chb-review-${step}`}>
          <div className="review-head">
            <h3 id={`chb-review-${step}`}>{s.steps[step]}</h3>
            <a
              href={`#chb-step-heading`}
              onClick={(e) => {
                e.preventDefault();
                goTo(step);
              }}
            >
              {s.change}
              <span className="visually-hidden"> {s.steps[step]}</span>
            </a>
          </div>
          {rows.length === 0 ? (
            <p>{s.none}</p>
          ) : (
            <dl className="summary-list">
              {rows.map(([term, value], i) => (
                <div key={i}>
                  <dt>{term}</dt>
                  <dd>{value === '' || value == null ? <span className="muted">{s.notProvided}</span> : value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </>
  );
}
