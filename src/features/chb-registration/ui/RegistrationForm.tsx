// Canada Housing Benefit online registration, one section per step in the spec's order, then a
// final review, a confirmation dialog, "Submitting Form..." and the success modal with the
// application number. Answers live only in this component's memory: nothing is saved in the
// browser (the SIN never touches storage), and leaving with unsent answers asks first.
// The state lives in small hooks beside it: use-steps.ts (step, problems, focus moves),
// use-submission.ts (the phases of sending), use-uploads.ts, use-field-names.ts, use-leave-warning.ts.
import { formatMoney } from '../../../i18n/typography/numbers.ts';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { Lang } from '../../../i18n/languages.ts';
import { fill } from '../../../i18n/define.ts';
import { INCOME_MAX, INCOME_MIN } from '../../../site/rules/housing-benefit-limits.ts';
import type { ApplicationForm } from '../rules/form-schema.ts';
import { checkApplication, householdEmploymentIncome, incomeWarning } from '../rules/check.ts';
import { todayInNewBrunswick } from '../../../site/form/formats.ts';
import { applicationMessage } from '../messages.ts';
import { errorsForStep, steps } from '../rules/steps.ts';
import { FormContext } from './fields.tsx';
import { emptyForm, hasAnswers, setIn } from './form-state.ts';
import { ProblemSummary } from './ProblemSummary.tsx';
import { StepFields } from './StepFields.tsx';
import { SubmitDialogs, Success } from './SubmitDialogs.tsx';
import { registrationStrings, type RegistrationStrings } from '../strings.ts';
import { useFieldNames } from './use-field-names.ts';
import { useLeaveWarning } from './use-leave-warning.ts';
import { useSteps, type Problem } from './use-steps.ts';
import { useSubmission } from './use-submission.ts';
import { useUploads, type UploadItem } from './use-uploads.ts';
import { OfflineNotice } from './offline-notice.tsx';
import { useHydrated } from '../../../site/islands/use-hydrated.ts';
import { useAnnouncement } from './use-announcement.ts';

interface Props {
  lang: Lang;
  intake?: string;
}

/** Not server-rendered: drawn once React runs, so no page shows a form that cannot be filled (the
 * page's <noscript> says how to apply another way). */
export default function RegistrationForm(props: Props) {
  return useHydrated() ? <Registration {...props} /> : null;
}

function Registration({ lang, intake = '' }: Props) {
  const s = registrationStrings[lang];
  const [form, setForm] = useState<ApplicationForm>(() => emptyForm(lang));
  const [announcement, announce] = useAnnouncement();
  const uploads = useUploads(lang, `${intake}/api/uploads`);
  const nav = useSteps();
  const { step, index, problems, fromReview, headingRef, summaryRef } = nav;
  const submission = useSubmission({
    lang,
    intake,
    s,
    onRefused: nav.showFirst,
  });
  const { phase, forgetKey } = submission;
  const fieldNames = useFieldNames(problems, s.optional);
  useLeaveWarning(phase !== 'success' && (hasAnswers(form, lang) || uploads.items.length > 0), s.leaveWarning);

  const set = useCallback(
    (path: string, value: unknown) => {
      setForm((f) => setIn(f, path, value));
      forgetKey();
    },
    [forgetKey],
  );
  const errorMap = useMemo(() => Object.fromEntries(problems.map((p) => [p.path, p.message])), [problems]);
  const application = withUploads(form, uploads.items);
  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    continueFrom(nav, problemsOf(lang, application), uploads.items, s, () => submission.setPhase('confirm'));
  };

  const warningText = incomeWarningText(lang, s, form);
  if (phase === 'success')
    return <Success s={s} home={`/${lang}/home`} applicationNumber={submission.applicationNumber} />;
  return (
    <FormContext.Provider value={{ form, set, errors: errorMap, s }}>
      <p className="step-count">{fill(lang, s.stepOf, { n: index + 1, total: steps.length })}</p>
      <h2 id="chb-step-heading" tabIndex={-1} ref={headingRef}>
        {s.steps[step]}
      </h2>
      {problems.length > 0 && (
        <ProblemSummary lang={lang} s={s} problems={problems} fieldNames={fieldNames} ref={summaryRef} />
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <form noValidate onSubmit={onContinue} className="chb-form">
        <fieldset role="none">
          <StepFields
            lang={lang}
            s={s}
            step={step}
            form={form}
            uploads={uploads}
            announce={announce}
            review={{ application, warningText, goTo: (target) => nav.goTo(target, true) }}
          />
          <OfflineNotice text={s.errorOffline} />
          <div className="button-row">
            <button type="submit" className="button">
              {step === 'review' ? s.submit : fromReview ? s.saveAndReturn : s.continue}
            </button>
            {index > 0 && !fromReview && (
              <button type="button" className="button-secondary" onClick={() => nav.goTo(steps[index - 1]!)}>
                {s.back}
              </button>
            )}
          </div>
        </fieldset>
      </form>
      <SubmitDialogs
        s={s}
        phase={phase}
        failure={submission.failure}
        warningText={warningText}
        onSend={() => void submission.send(application)}
        onClose={() => submission.setPhase('form')}
      />
    </FormContext.Provider>
  );
}

/** The answers' problems, worded in the page's language. */
function problemsOf(lang: Lang, application: ApplicationForm): Problem[] {
  return checkApplication(application, todayInNewBrunswick()).errors.map((e) => ({
    path: e.path,
    message: applicationMessage(lang, e.code),
  }));
}

/** Continue: the step's problems, or the next step; on the review, the confirm dialog once
 *  nothing is missing anywhere and every upload has settled. */
function continueFrom(
  nav: ReturnType<typeof useSteps>,
  problems: Problem[],
  items: UploadItem[],
  s: RegistrationStrings,
  confirm: () => void,
) {
  const { step } = nav;
  const busy = items.some((u) => u.status === 'uploading' || u.status === 'waiting' || u.status === 'checking');
  if (step === 'uploads' && busy) return nav.show([{ path: 'uploads', message: s.uploadsPending }], step);
  const mine = errorsForStep(problems, step);
  if (mine.length) return nav.show(mine, step);
  if (step !== 'review') return nav.goTo(nav.fromReview ? 'review' : steps[nav.index + 1]!);
  if (items.some((u) => u.status !== 'done' && u.status !== 'error'))
    return nav.show([{ path: 'uploads', message: s.uploadsPending }], 'review');
  if (problems.length) return nav.showFirst(problems);
  nav.clearProblems();
  confirm();
}

/** The answers with the uploads that finished (the server checks them against its own records). */
function withUploads(f: ApplicationForm, items: UploadItem[]): ApplicationForm {
  return {
    ...f,
    uploads: items
      .filter((u) => u.status === 'done' && u.uploadId)
      .map((u) => ({ uploadId: u.uploadId!, uploadToken: u.uploadToken ?? '', group: u.group, name: u.name })),
  };
}

/** The warning (it does not block) when the household's employment income is outside the limits. */
function incomeWarningText(lang: Lang, s: RegistrationStrings, form: ApplicationForm): string {
  const warning = incomeWarning(householdEmploymentIncome(form));
  const money = formatMoney(lang, householdEmploymentIncome(form), { cents: true });
  if (warning === 'below')
    return fill(lang, s.incomeBelow, {
      amount: money,
      min: formatMoney(lang, INCOME_MIN),
      max: formatMoney(lang, INCOME_MAX),
    });
  if (warning === 'above') return fill(lang, s.incomeAbove, { amount: money, over: formatMoney(lang, INCOME_MAX + 1) });
  return '';
}
