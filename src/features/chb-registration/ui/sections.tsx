// One component per step of the registration form, in the spec's order (uploads and the final
// review have their own files).
import { withOptional } from '../../../i18n/optional.ts';
import { useContext, useRef } from 'react';
import type { Lang } from '../../../i18n/languages.ts';
import { fill } from '../../../i18n/define.ts';
import type { ApplicationForm } from '../rules/form-schema.ts';
import {
  communicationMethods,
  employmentBarriers,
  genders,
  housingSituations,
  incomeColumns,
  incomeRows,
  marginalizedGroups,
  MAX_JOBS,
  MAX_MEMBERS,
  officialLanguages,
  PREFER_NOT,
  programsReceived,
  provinces,
  relationships,
  rentalTypes,
  yesNo,
} from '../rules/options.ts';
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
import { fieldId } from '../rules/steps.ts';
import { applicationMessage } from '../messages.ts';
import { CheckField, FormContext, MultiCheckField, optionsOf, RadioField, SelectField, TextField } from './fields.tsx';
import { emptyJob, emptyMember } from './form-state.ts';

interface SectionProps {
  lang: Lang;
  form: ApplicationForm;
}

function AddressFields({ prefix, lang }: { prefix: string; lang: Lang }) {
  const { s } = useContext(FormContext)!;
  return (
    <>
      <TextField path={`${prefix}.streetNumber`} label={s.streetNumber} optional width="short" autoComplete="off" />
      <TextField path={`${prefix}.streetName`} label={s.streetName} autoComplete="address-line1" />
      <TextField path={`${prefix}.unit`} label={s.unit} optional width="short" autoComplete="address-line2" />
      <TextField path={`${prefix}.city`} label={s.city} autoComplete="address-level2" />
      <SelectField
        path={`${prefix}.province`}
        label={s.province}
        options={optionsOf(provinces, provinceLabels[lang])}
        autoComplete="address-level1"
      />
      <TextField
        path={`${prefix}.postalCode`}
        label={s.postalCode}
        hint={s.postalHint}
        width="short"
        autoComplete="postal-code"
      />
    </>
  );
}

export function ApplicantSection({ lang, form }: SectionProps) {
  const { s } = useContext(FormContext)!;
  const p = 'applicant';
  return (
    <>
      <TextField path={`${p}.firstName`} label={s.firstName} autoComplete="given-name" />
      <TextField path={`${p}.preferredName`} label={s.preferredName} optional autoComplete="nickname" />
      <TextField
        path={`${p}.middleInitials`}
        label={s.middleInitials}
        optional
        width="short"
        autoComplete="additional-name"
      />
      <TextField path={`${p}.lastName`} label={s.lastName} autoComplete="family-name" />
      <TextField path={`${p}.email`} label={s.email} hint={s.emailHint} type="email" autoComplete="email" />
      <TextField path={`${p}.phone`} label={s.phone} hint={s.phoneHint} type="tel" autoComplete="tel" width="medium" />
      <TextField path={`${p}.cellPhone`} label={s.cellPhone} optional type="tel" autoComplete="tel" width="medium" />
      <TextField path={`${p}.dateOfBirth`} label={s.dateOfBirth} hint={s.dateHint} autoComplete="bday" width="medium" />
      <RadioField path={`${p}.gender`} legend={s.gender} options={optionsOf(genders, genderLabels[lang])}>
        {form.applicant.gender === 'self_describe' && (
          <TextField path={`${p}.genderSelfDescribe`} label={s.genderSelfDescribe} />
        )}
      </RadioField>
      <RadioField
        path={`${p}.writtenLanguage`}
        legend={s.writtenLanguage}
        options={optionsOf(officialLanguages, languageLabels[lang])}
      />
      <RadioField
        path={`${p}.spokenLanguage`}
        legend={s.spokenLanguage}
        options={optionsOf(officialLanguages, languageLabels[lang])}
      />
      <RadioField
        path={`${p}.communication`}
        legend={s.communication}
        options={optionsOf(communicationMethods, communicationLabels[lang])}
      />
      <TextField path={`${p}.sin`} label={s.sin} hint={s.sinHint} inputMode="numeric" width="medium" />
      <fieldset className="address">
        <legend className="legend-heading">{s.homeAddress}</legend>
        <AddressFields prefix={`${p}.homeAddress`} lang={lang} />
      </fieldset>
      <CheckField path={`${p}.mailingDifferent`} label={s.mailingDifferent} />
      {form.applicant.mailingDifferent && (
        <fieldset className="address">
          <legend className="legend-heading">{s.mailingAddress}</legend>
          <AddressFields prefix={`${p}.mailingAddress`} lang={lang} />
        </fieldset>
      )}
    </>
  );
}

export function MembersSection({
  lang,
  form,
  which,
  announce,
}: SectionProps & { which: 'members19Plus' | 'members18Under'; announce: (text: string) => void }) {
  const { s, set } = useContext(FormContext)!;
  const members = form[which];
  const adult = which === 'members19Plus';
  const addRef = useRef<HTMLButtonElement>(null);
  const title = (i: number) => fill(lang, adult ? s.memberAdult : s.memberMinor, { n: i + 1 });
  // « Retirer Marie Roy », or before a name is typed « Retirer le membre 2 du ménage ».
  const memberName = (m: (typeof members)[number]) => [m.firstName, m.lastName].filter(Boolean).join(' ');
  const removeLabel = (m: (typeof members)[number], i: number) => {
    const name = memberName(m);
    return name ? fill(lang, s.removeMember, { name }) : fill(lang, s.removeMemberNumber, { n: i + 1 });
  };
  const add = () => {
    set(which, [...members, emptyMember()]);
    // Focus the new member's first field once it is rendered.
    requestAnimationFrame(() => document.getElementById(fieldId(`${which}.${members.length}.firstName`))?.focus());
  };
  const remove = (i: number) => {
    set(
      which,
      members.filter((_, j) => j !== i),
    );
    announce(fill(lang, s.memberRemoved, { name: memberName(members[i]!) || title(i) }));
    requestAnimationFrame(() => addRef.current?.focus());
  };
  return (
    <>
      <p>{adult ? s.membersAdultIntro : s.membersMinorIntro}</p>
      {members.length === 0 && <p className="muted">{s.noMembers}</p>}
      {members.map((m, i) => (
        <fieldset className="repeat-item" key={i}>
          <legend className="legend-heading">{title(i)}</legend>
          <TextField path={`${which}.${i}.firstName`} label={s.firstName} />
          <TextField path={`${which}.${i}.lastName`} label={s.lastName} />
          <RadioField
            path={`${which}.${i}.gender`}
            legend={s.gender}
            options={optionsOf(genders, genderLabels[lang])}
          />
          <TextField path={`${which}.${i}.dateOfBirth`} label={s.dateOfBirth} hint={s.dateHint} width="medium" />
          <SelectField
            path={`${which}.${i}.relationship`}
            label={s.relationship}
            options={optionsOf(relationships, relationshipLabels[lang])}
          />
          <button type="button" className="button-secondary" onClick={() => remove(i)}>
            {removeLabel(m, i)}
          </button>
        </fieldset>
      ))}
      {members.length < MAX_MEMBERS && (
        <button type="button" className="button-secondary" ref={addRef} onClick={add}>
          {adult ? s.addAdult : s.addMinor}
        </button>
      )}
    </>
  );
}

export function RentalSection({ lang, form }: SectionProps) {
  const { s } = useContext(FormContext)!;
  return (
    <>
      <TextField
        path="rental.monthlyRent"
        label={s.monthlyRent}
        hint={s.dollarsHint}
        inputMode="decimal"
        width="medium"
      />
      <RadioField
        path="rental.utilitiesIncluded"
        legend={s.utilitiesIncluded}
        options={optionsOf(yesNo, yesNoLabels[lang])}
      />
      {form.rental.utilitiesIncluded === 'no' && (
        <>
          <p className="hint">{s.utilitiesHint}</p>
          <TextField path="rental.water" label={s.water} hint={s.dollarsHint} inputMode="decimal" width="medium" />
          <TextField
            path="rental.electricity"
            label={s.electricity}
            hint={s.dollarsHint}
            inputMode="decimal"
            width="medium"
          />
          <TextField path="rental.heat" label={s.heat} hint={s.dollarsHint} inputMode="decimal" width="medium" />
        </>
      )}
      <RadioField
        path="rental.rentalType"
        legend={s.rentalType}
        options={optionsOf(rentalTypes, rentalTypeLabels[lang])}
      />
    </>
  );
}

export function EmploymentSection({ lang, form, announce }: SectionProps & { announce: (text: string) => void }) {
  const { s, set } = useContext(FormContext)!;
  const jobs = form.employment;
  const addRef = useRef<HTMLButtonElement>(null);
  const add = () => {
    set('employment', [...jobs, emptyJob()]);
    requestAnimationFrame(() => document.getElementById(fieldId(`employment.${jobs.length}.employer`))?.focus());
  };
  const remove = (i: number) => {
    set(
      'employment',
      jobs.filter((_, j) => j !== i),
    );
    announce(fill(lang, s.jobRemoved, { n: i + 1 }));
    requestAnimationFrame(() => (addRef.current ?? document.getElementById('chb-step-heading'))?.focus());
  };
  return (
    <>
      <p>{s.employmentIntro}</p>
      {jobs.length === 0 && <p className="muted">{s.noJobs}</p>}
      {jobs.map((_, i) => (
        <fieldset className="repeat-item" key={i}>
          <legend className="legend-heading">{fill(lang, s.job, { n: i + 1 })}</legend>
          <TextField path={`employment.${i}.employer`} label={s.employer} optional />
          <TextField path={`employment.${i}.hoursPerWeek`} label={s.hoursPerWeek} inputMode="decimal" width="short" />
          <TextField
            path={`employment.${i}.hourlyRate`}
            label={s.hourlyRate}
            hint={s.dollarsHint}
            inputMode="decimal"
            width="short"
          />
          <button type="button" className="button-secondary" onClick={() => remove(i)}>
            {fill(lang, s.removeJob, { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      {jobs.length < MAX_JOBS ? (
        <button type="button" className="button-secondary" ref={addRef} onClick={add}>
          {s.addJob}
        </button>
      ) : (
        <p>{s.maxJobs}</p>
      )}
    </>
  );
}

export function OtherIncomeSection({ lang }: SectionProps) {
  const { s, errors } = useContext(FormContext)!;
  // The "at least one income source" error belongs to the whole applicant column: shown above
  // the table and tied to its first cell, which the error summary links to.
  const columnError =
    errors['income.employment.applicant'] === applicationMessage(lang, 'income_applicant')
      ? errors['income.employment.applicant']
      : undefined;
  return (
    <>
      <p id="chb-income-intro">{s.incomeIntro}</p>
      {columnError && (
        <p className="field-error" id="chb-income-column-error">
          {columnError}
        </p>
      )}
      {/* A scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" role="region" aria-labelledby="chb-income-caption" tabIndex={0}>
        <table className="income-table">
          <caption id="chb-income-caption">{s.incomeCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{s.incomeSource}</th>
              {incomeColumns.map((c) => (
                <th scope="col" key={c} id={`chb-col-${c}`}>
                  {incomeColumnLabels[lang][c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {incomeRows.map((row) => (
              <tr key={row}>
                <th scope="row" id={`chb-row-${row}`}>
                  {incomeRowLabels[lang][row]}
                </th>
                {incomeColumns.map((col) => (
                  <IncomeCell key={col} lang={lang} row={row} col={col} columnError={columnError} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TextField path="otherIncome.description" label={s.otherIncomeDescription} optional multiline />
      <TextField
        path="otherIncome.amount"
        label={s.otherIncomeAmount}
        optional
        hint={s.dollarsHint}
        inputMode="decimal"
        width="medium"
      />
    </>
  );
}

/** One amount of the income table, with its own error or the applicant column's. */
function IncomeCell({
  lang,
  row,
  col,
  columnError,
}: {
  lang: Lang;
  row: (typeof incomeRows)[number];
  col: (typeof incomeColumns)[number];
  columnError: string | undefined;
}) {
  const { errors, form, set } = useContext(FormContext)!;
  const path = `income.${row}.${col}`;
  const id = fieldId(path);
  const error = errors[path] === columnError ? undefined : errors[path];
  const describedBy = error
    ? `${id}-error`
    : columnError && col === 'applicant'
      ? 'chb-income-column-error'
      : undefined;
  const value = (form as ApplicationForm).income[row]?.[col] ?? '';
  return (
    <td className={error ? 'cell-invalid' : undefined}>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <input
        id={id}
        name={path}
        inputMode="decimal"
        value={value}
        aria-label={`${incomeRowLabels[lang][row]}, ${incomeColumnLabels[lang][col]}`}
        aria-describedby={describedBy}
        aria-invalid={error || (columnError && col === 'applicant') ? true : undefined}
        onChange={(e) => set(path, e.target.value)}
      />
    </td>
  );
}

export function AdditionalSection({ lang, form }: SectionProps) {
  const { s } = useContext(FormContext)!;
  return (
    <>
      <TextField
        path="additional.extraBedrooms"
        label={s.extraBedrooms}
        hint={s.extraBedroomsHint}
        optional
        inputMode="numeric"
        width="short"
      />
      <p>{s.optionalListsIntro}</p>
      <MultiCheckField
        path="additional.marginalized"
        legend={withOptional(lang, s.marginalized, s.optional)}
        hint={s.chooseAllOrPreferNot}
        exclusive={PREFER_NOT}
        options={optionsOf(marginalizedGroups, marginalizedLabels[lang])}
      />
      <MultiCheckField
        path="additional.housingSituation"
        legend={withOptional(lang, s.housingSituation, s.optional)}
        hint={s.chooseAllOrPreferNot}
        exclusive={PREFER_NOT}
        options={optionsOf(housingSituations, housingSituationLabels[lang])}
      />
      <MultiCheckField
        path="additional.programs"
        legend={withOptional(lang, s.programs, s.optional)}
        hint={s.chooseAllOrPreferNot}
        exclusive={PREFER_NOT}
        options={optionsOf(programsReceived, programsReceivedLabels[lang])}
      />
      <MultiCheckField
        path="additional.barriers"
        legend={withOptional(lang, s.barriers, s.optional)}
        hint={s.chooseAllOrPreferNot}
        exclusive={PREFER_NOT}
        options={optionsOf(employmentBarriers, employmentBarrierLabels[lang])}
      >
        {form.additional.barriers.includes('other') && (
          <TextField path="additional.barrierOther" label={s.barrierOther} />
        )}
      </MultiCheckField>
    </>
  );
}

export function ConsentSection({ lang, form }: SectionProps) {
  const { s } = useContext(FormContext)!;
  return (
    <>
      <p>{s.consentIntro}</p>
      <CheckField path="consents.contactExperience" label={withOptional(lang, s.contactExperience, s.optional)} />
      <CheckField path="consents.shareInformation" label={withOptional(lang, s.shareInformation, s.optional)} />
      <CheckField path="consents.authorizeVerify" label={s.authorizeVerify} />
      <CheckField path="consents.emailContact" label={withOptional(lang, s.emailContact, s.optional)} />
      {form.consents.emailContact && <CheckField path="consents.emailRisk" label={s.emailRisk} />}
    </>
  );
}

export function DeclarationSection() {
  const { s } = useContext(FormContext)!;
  return (
    <>
      <p>{s.declarationText}</p>
      <CheckField path="declaration" label={s.declaration} />
    </>
  );
}
