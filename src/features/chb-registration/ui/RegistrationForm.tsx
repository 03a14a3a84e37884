// Canada Housing Benefit online registration, one section per step in the spec's order, then a
// final review, a confirmation dialog, "Submitting Form..." and the success modal with the
// application number. Answers live only in this component's memory: nothing is saved in the
// browser (the SIN never touches storage), and leaving with unsent answers asks first.
import { formatMoney } from '../../../i18n/typography/numbers.ts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Lang } from '../../../i18n/languages.ts';
import { fill } from '../../../i18n/define.ts';
import { INCOME_MAX, INCOME_MIN } from '../../../site/rules/housing-benefit-limits.ts';
import type { ApplicationForm } from '../rules/form-schema.ts';
import { checkApplication, householdEmploymentIncome, incomeWarning } from '../rules/check.ts';
import { todayInNewBrunswick } from '../../../site/form/formats.ts';
import { applicationMessage } from '../messages.ts';
import { ErrorSummary } from '../../../site/form/error-summary/ErrorSummary.tsx';
import { errorsForStep, fieldId, stepOf, steps, type Step } from '../rules/steps.ts';
import { CheckField, FormContext } from './fields.tsx';
import { emptyForm, hasAnswers, setIn } from './form-state.ts';
import { Modal } from './Modal.tsx';
import { Review } from './Review.tsx';
import {
  AdditionalSection,
  ApplicantSection,
  ConsentSection,
  DeclarationSection,
  EmploymentSection,
  MembersSection,
  OtherIncomeSection,
  RentalSection,
} from './sections.tsx';
import { registrationStrings } from '../strings.ts';
import { Uploads } from './Uploads.tsx';
import { useUploads } from './use-uploads.ts';
import { useHydrated } from '../../../site/islands/use-hydrated.ts';

type Phase = 'form' | 'confirm' | 'submitting' | 'success' | 'failed';
interface Problem {
  path: string;
  message: string;
}

export default function RegistrationForm({ lang, intake = '' }: { lang: Lang; intake?: string }) {
  const s = registrationStrings[lang];
  const [form, setForm] = useState<ApplicationForm>(() => emptyForm(lang));
  const [step, setStep] = useState<Step>('applicant');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [fromReview, setFromReview] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [failure, setFailure] = useState('');
  const [applicationNumber, setApplicationNumber] = useState('');
  const [successOpen, setSuccessOpen] = useState(true);
  const [announcement, setAnnouncement] = useState('');
  const [fieldNames, setFieldNames] = useState<Record<string, string>>({});
  // The server-rendered form stays disabled until React is in charge, so nothing typed before
  // hydration is lost (and test drivers wait for it to be enabled).
  const hydrated = useHydrated();
  const idempotencyKey = useRef('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const uploads = useUploads(lang, `${intake}/api/uploads`);

  const set = useCallback((path: string, value: unknown) => {
    setForm((f) => setIn(f, path, value));
    idempotencyKey.current = '';
  }, []);

  // Leaving with unsent answers asks for confirmation.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (phase === 'success' || (!hasAnswers(form, lang) && uploads.items.length === 0)) return;
      e.preventDefault();
      e.returnValue = s.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [form, lang, phase, s.leaveWarning, uploads.items.length]);

  // The summary links name each question to correct (its label or legend as rendered); the
  // message itself shows once, beside the question, so each message is said once on the page.
  // Layout effect: the names replace the fallback before anyone can see (or query) it.
  useLayoutEffect(() => {
    const names: Record<string, string> = {};
    for (const p of problems) {
      const el = document.getElementById(fieldId(p.path)) as HTMLInputElement | null;
      if (!el) continue;
      const group = el.type === 'radio' ? el.closest('fieldset')?.querySelector('legend') : null;
      const text = group?.textContent ?? el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '';
      const item = el.closest('.repeat-item')?.querySelector('legend')?.textContent;
      names[p.path] = [item, text.replace(s.optional, '').trim()].filter(Boolean).join(', ');
    }
    // The names are read from the rendered DOM (an external system to React): set once per render of the problems.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFieldNames(names);
  }, [problems, s.optional]);

  const index = steps.indexOf(step);
  const errorMap = useMemo(() => Object.fromEntries(problems.map((p) => [p.path, p.message])), [problems]);
  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const goTo = (next: Step, review = false) => {
    setProblems([]);
    setStep(next);
    setFromReview(review);
    focusHeading();
  };

  const withUploads = (f: ApplicationForm): ApplicationForm => ({
    ...f,
    uploads: uploads.items
      .filter((u) => u.status === 'done' && u.uploadId)
      .map((u) => ({ uploadId: u.uploadId!, group: u.group, name: u.name })),
  });

  const validate = (f: ApplicationForm): Problem[] =>
    checkApplication(withUploads(f), todayInNewBrunswick()).errors.map((e) => ({
      path: e.path,
      message: applicationMessage(lang, e.code),
    }));

  const show = (list: Problem[], at: Step) => {
    setProblems(list);
    if (at !== step) {
      setStep(at);
      setFromReview(false);
    }
    focusSummary();
  };

  function onContinue(event: FormEvent) {
    event.preventDefault();
    if (
      step === 'uploads' &&
      uploads.items.some((u) => u.status === 'uploading' || u.status === 'waiting' || u.status === 'checking')
    ) {
      return show([{ path: 'uploads', message: s.uploadsPending }], step);
    }
    const mine = errorsForStep(validate(form), step);
    if (mine.length) return show(mine, step);
    if (step === 'review') return submitRequested();
    goTo(fromReview ? 'review' : steps[index + 1]!);
  }

  function submitRequested() {
    const all = validate(form);
    if (uploads.items.some((u) => u.status !== 'done' && u.status !== 'error'))
      return show([{ path: 'uploads', message: s.uploadsPending }], 'review');
    if (all.length) return show(errorsForStep(all, stepOf(all[0]!.path)), stepOf(all[0]!.path));
    setProblems([]);
    setPhase('confirm');
  }

  async function send() {
    setPhase('submitting');
    idempotencyKey.current ||= crypto.randomUUID();
    try {
      const response = await fetch(`${intake}/api/applications`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey.current,
          'accept-language': lang,
        },
        body: JSON.stringify(withUploads(form)),
      });
      const body = (await response.json().catch(() => ({}))) as { applicationNumber?: string; errors?: Problem[] };
      if (response.ok && body.applicationNumber) {
        setApplicationNumber(body.applicationNumber);
        setPhase('success');
        return;
      }
      if (response.status === 422 && body.errors?.length) {
        setPhase('form');
        const first = stepOf(body.errors[0]!.path);
        show(errorsForStep(body.errors, first), first);
        return;
      }
      setFailure(s.errorServer);
    } catch {
      setFailure(s.errorNetwork);
    }
    setPhase('failed');
  }

  const warning = incomeWarning(householdEmploymentIncome(form));
  const money = formatMoney(lang, householdEmploymentIncome(form), { cents: true });
  const warningText =
    warning === 'below'
      ? fill(lang, s.incomeBelow, {
          amount: money,
          min: formatMoney(lang, INCOME_MIN),
          max: formatMoney(lang, INCOME_MAX),
        })
      : warning === 'above'
        ? fill(lang, s.incomeAbove, { amount: money, over: formatMoney(lang, INCOME_MAX + 1) })
        : '';
  const missingGroups = (['directDeposit', 'rental', 'employment', 'householdIncome'] as const).filter(
    (g) => !uploads.items.some((u) => u.group === g && u.status === 'done'),
  );
  const home = `/${lang}/home`;

  if (phase === 'success') {
    // The modal first; once dismissed (Escape), the same confirmation stays on the page.
    return successOpen ? (
      <Modal open titleId="chb-success-title" onCancel={() => setSuccessOpen(false)}>
        <h2 id="chb-success-title" tabIndex={-1}>
          {s.successTitle}
        </h2>
        <p>
          {s.successNumber} <strong data-application-number>{applicationNumber}</strong>
        </p>
        <p>{s.successText}</p>
        <p className="button-row">
          <a className="button" href={home}>
            {s.returnHome}
          </a>
        </p>
      </Modal>
    ) : (
      <div className="confirmation-panel">
        <h2 tabIndex={-1} ref={(el) => el?.focus()}>
          {s.successTitle}
        </h2>
        <p>
          {s.successNumber} <strong>{applicationNumber}</strong>
        </p>
        <p>{s.successText}</p>
        <p>
          <a href={home}>{s.returnHome}</a>
        </p>
      </div>
    );
  }

  return (
    <FormContext.Provider value={{ form, set, errors: errorMap, s }}>
      <p className="step-count">{fill(lang, s.stepOf, { n: index + 1, total: steps.length })}</p>
      <h2 id="chb-step-heading" tabIndex={-1} ref={headingRef}>
        {s.steps[step]}
      </h2>
      {problems.length > 0 && (
        <ErrorSummary
          lang={lang}
          id="chb-error"
          level={3}
          intro={s.errorIntro}
          ref={summaryRef}
          items={problems.map((p) => {
            const target = p.path.startsWith('uploads') ? 'chb-upload-directDeposit' : fieldId(p.path);
            return {
              href: `#${target}`,
              text: p.path.startsWith('uploads') ? p.message : (fieldNames[p.path] ?? p.message),
              onClick: (e) => {
                const field = document.getElementById(target);
                if (!field) return;
                e.preventDefault();
                field.focus();
                field.scrollIntoView({ block: 'center' });
              },
            };
          })}
        />
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <form noValidate onSubmit={onContinue} className="chb-form">
        <fieldset disabled={!hydrated}>
          {step === 'applicant' && (
            <>
              <p>{s.requiredNote}</p>
              <ApplicantSection lang={lang} form={form} />
            </>
          )}
          {(step === 'members19Plus' || step === 'members18Under') && (
            <MembersSection lang={lang} form={form} which={step} announce={setAnnouncement} />
          )}
          {step === 'rental' && <RentalSection lang={lang} form={form} />}
          {step === 'employment' && <EmploymentSection lang={lang} form={form} announce={setAnnouncement} />}
          {step === 'otherIncome' && <OtherIncomeSection lang={lang} form={form} />}
          {step === 'additional' && <AdditionalSection lang={lang} form={form} />}
          {step === 'consent' && <ConsentSection lang={lang} form={form} />}
          {step === 'declaration' && <DeclarationSection />}
          {step === 'uploads' && (
            <Uploads
              lang={lang}
              s={s}
              items={uploads.items}
              onAdd={uploads.add}
              onRemove={uploads.remove}
              onRetry={uploads.retry}
            />
          )}
          {step === 'review' && (
            <>
              <Review
                lang={lang}
                s={s}
                form={withUploads(form)}
                uploads={uploads.items}
                goTo={(target) => goTo(target, true)}
              />
              {warningText && (
                <div className="warning-text">
                  <p>
                    <strong>{warningText}</strong>
                  </p>
                </div>
              )}
              {missingGroups.length > 0 && (
                <ul className="warning-list">
                  {missingGroups.map((g) => (
                    <li key={g}>{fill(lang, s.noFileWarning, { group: s.uploadGroups[g].title })}</li>
                  ))}
                </ul>
              )}
              <p>{s.legibleNote}</p>
              <CheckField path="confirmComplete" label={s.confirmComplete} />
            </>
          )}
          <div className="button-row">
            <button type="submit" className="button">
              {step === 'review' ? s.submit : fromReview ? s.saveAndReturn : s.continue}
            </button>
            {index > 0 && !fromReview && (
              <button type="button" className="button-secondary" onClick={() => goTo(steps[index - 1]!)}>
                {s.back}
              </button>
            )}
          </div>
        </fieldset>
      </form>

      <Modal
        open={phase === 'confirm'}
        titleId="chb-confirm-title"
        onCancel={() => setPhase('form')}
        initialFocus="#chb-confirm-title"
      >
        <h2 id="chb-confirm-title" tabIndex={-1}>
          {s.confirmTitle}
        </h2>
        <p>{s.confirmText}</p>
        {warningText && (
          <p>
            <strong>{warningText}</strong>
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button" onClick={send}>
            {s.confirmYes}
          </button>
          <button type="button" className="button-secondary" onClick={() => setPhase('form')}>
            {s.cancel}
          </button>
        </div>
      </Modal>
      <Modal open={phase === 'submitting'} titleId="chb-submitting-title">
        <h2 id="chb-submitting-title" tabIndex={-1} aria-live="polite">
          {s.submitting}
        </h2>
        <p className="spinner" aria-hidden="true" />
      </Modal>
      <Modal open={phase === 'failed'} titleId="chb-failed-title" onCancel={() => setPhase('form')}>
        <h2 id="chb-failed-title" tabIndex={-1}>
          {s.errorTitle}
        </h2>
        <p>{failure}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={send}>
            {s.tryAgain}
          </button>
          <button type="button" className="button-secondary" onClick={() => setPhase('form')}>
            {s.close}
          </button>
        </div>
      </Modal>
    </FormContext.Provider>
  );
}
