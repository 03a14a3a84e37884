// Home support financial help calculator. Stores and sends nothing: every value stays in this
// component's state.
import { formatMoney } from '../../../i18n/typography/numbers.ts';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { Lang } from '../../../i18n/languages.ts';
import { calculate, summaryOf, type CalculationResult } from '../rules/calculate.ts';
import { calculatorMessages, type CalculatorMessageKey } from '../rules/messages.ts';
import { familyTypes } from '../rules/family-types.ts';
import type { CalculatorSettings } from '../rules/settings.ts';
import { validateCalculator, type CalculatorField, type CalculatorInput } from '../rules/validate.ts';
import { calculatorStrings } from '../strings.ts';
import { ErrorSummary } from '../../../site/form/error-summary/ErrorSummary.tsx';
import { Field } from '../../../site/form/field/Field.tsx';
import { describedBy } from '../../../site/form/form-html.ts';
import { fill } from '../../../i18n/define.ts';
import { errorSummaryItem } from '../../../i18n/error-summary.ts';
import { useHydrated } from '../../../site/islands/use-hydrated.ts';

const empty: CalculatorInput = { applicantIncome: '', spouseIncome: '', familyType: '', dependents: '' };
const fieldOrder: CalculatorField[] = ['applicantIncome', 'spouseIncome', 'familyType', 'dependents'];
const ids: Record<CalculatorField, string> = {
  applicantIncome: 'calc-applicant',
  spouseIncome: 'calc-spouse',
  familyType: 'calc-family',
  dependents: 'calc-dependents',
};

export default function Calculator({ lang, settings }: { lang: Lang; settings: CalculatorSettings }) {
  const s = calculatorStrings[lang];
  const [values, setValues] = useState<CalculatorInput>(empty);
  const [errors, setErrors] = useState<Partial<Record<CalculatorField, CalculatorMessageKey>>>({});
  const [result, setResult] = useState<CalculationResult | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const message = (key: CalculatorMessageKey) => calculatorMessages[lang][key];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateCalculator(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setResult(null);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setErrors({});
    setResult(calculate(checked.value, settings));
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  function reset() {
    setValues(empty);
    setErrors({});
    setResult(null);
  }

  const set = (field: CalculatorField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const described = (field: CalculatorField, hint?: boolean) => describedBy(ids[field], hint, errors[field]);
  const errorText = (field: CalculatorField) => (errors[field] ? message(errors[field]) : undefined);
  // What every control of the form carries: its id, value, change handler and error wiring.
  const control = (field: CalculatorField, hint?: boolean) => ({
    id: ids[field],
    value: values[field],
    onChange: set(field),
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': described(field, hint),
  });
  const summaryUrl = `${settings.summaryStatementUrl}${settings.summaryStatementUrl.includes('?') ? '&' : '?'}language=${lang === 'en' ? 'en_US' : 'fr_CA'}`;
  const errorList = fieldOrder.filter((f) => errors[f]);
  const labels: Record<CalculatorField, string> = {
    applicantIncome: s.applicant,
    spouseIncome: s.spouse,
    familyType: s.familyType,
    dependents: s.dependents,
  };

  return (
    <div className="calculator">
      {errorList.length > 0 && (
        // Each line names the field and what is wrong with it.
        <ErrorSummary
          lang={lang}
          id="calc-error"
          ref={summaryRef}
          items={errorList.map((f) => ({ href: `#${ids[f]}`, text: summaryLine(lang, labels[f], errorText(f)!) }))}
        />
      )}
      <form onSubmit={onSubmit} noValidate>
        {/* Disabled until React is in charge, so nothing typed before hydration is lost; only for
            that, so not a group (a group without a name says nothing). */}
        <fieldset disabled={!hydrated} role="none">
          <CalculatorFields s={s} control={control} errorText={errorText} />
          <div className="button-row">
            <button type="submit" className="button">
              {s.calculate}
            </button>
            <button type="button" className="button-secondary" onClick={reset}>
              {s.reset}
            </button>
          </div>
        </fieldset>
      </form>
      <div aria-live="polite">{result && <ResultTable lang={lang} s={s} result={result} resultRef={resultRef} />}</div>
      <p>
        <a className="button-secondary" href={summaryUrl}>
          {s.summary}
        </a>
      </p>
    </div>
  );
}

/** A line of the error summary: the field and what is wrong with it. */
const summaryLine = (lang: Lang, label: string, reason: string) =>
  fill(lang, errorSummaryItem[lang].item, { label, reason });

type Strings = (typeof calculatorStrings)[Lang];
type Control = (field: CalculatorField, hint?: boolean) => Record<string, unknown>;

/** The four questions, each with its label, hint and error. */
function CalculatorFields({
  s,
  control,
  errorText,
}: {
  s: Strings;
  control: Control;
  errorText: (field: CalculatorField) => string | undefined;
}) {
  return (
    <>
      <Field id={ids.applicantIncome} label={s.applicant} hint={s.incomeHint} error={errorText('applicantIncome')}>
        <input {...control('applicantIncome', true)} aria-required inputMode="numeric" autoComplete="off" />
      </Field>
      <Field id={ids.spouseIncome} label={s.spouse} hint={s.spouseHint} error={errorText('spouseIncome')}>
        <input {...control('spouseIncome', true)} inputMode="numeric" autoComplete="off" />
      </Field>
      <Field id={ids.familyType} label={s.familyType} error={errorText('familyType')}>
        <select {...control('familyType')} aria-required>
          <option value="">{s.select}</option>
          {familyTypes.map((t) => (
            <option key={t} value={t}>
              {s[t]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.dependents} label={s.dependents} error={errorText('dependents')}>
        <select {...control('dependents')} aria-required>
          <option value="">{s.select}</option>
          {[0, 1, 2, 3, 4, 5, 6].map((n) => (
            <option key={n} value={String(n)}>
              {n === 6 ? s.sixOrMore : n}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

/** The outcome and the cost table, level by level (monthly, whole dollars). */
function ResultTable({
  lang,
  s,
  result,
  resultRef,
}: {
  lang: Lang;
  s: Strings;
  result: CalculationResult;
  resultRef: RefObject<HTMLHeadingElement | null>;
}) {
  const money = (n: number) => formatMoney(lang, Math.round(n), { cents: false });
  const summary = summaryOf(result);
  return (
    <section className="calculator-result">
      <h2 tabIndex={-1} ref={resultRef}>
        {s.resultTitle}
      </h2>
      <p>{fill(lang, s[summary.key], { amount: money(summary.amount), cost: money(summary.cost) })}</p>
      {/* The table scrolls in its own box on a narrow screen; the box takes focus so a keyboard
          can scroll it (WCAG 1.4.10, 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" role="region" aria-labelledby="calc-result-caption" tabIndex={0}>
        <table>
          <caption id="calc-result-caption">{s.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{s.level}</th>
              <th scope="col">{s.cost}</th>
              <th scope="col">{s.youPay}</th>
              <th scope="col">{s.department}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.level}>
                <th scope="row">{s[row.level]}</th>
                <td>{money(row.monthlyCost)}</td>
                <td>{money(row.youPay)}</td>
                <td>{money(row.departmentPays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{s.estimate}</p>
    </section>
  );
}
