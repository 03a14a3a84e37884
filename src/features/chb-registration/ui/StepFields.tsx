// The questions of one step: a section of the form, the uploads, or the review with its warnings
// (income outside the limits, a group with no file) and the completeness confirmation.
import type { Lang } from '../../../i18n/languages.ts';
import { fill } from '../../../i18n/define.ts';
import type { ApplicationForm } from '../rules/form-schema.ts';
import type { Step } from '../rules/steps.ts';
import type { RegistrationStrings } from '../strings.ts';
import { CheckField } from './fields.tsx';
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
import { Uploads } from './Uploads.tsx';
import type { useUploads } from './use-uploads.ts';

interface Props {
  lang: Lang;
  s: RegistrationStrings;
  step: Step;
  form: ApplicationForm;
  uploads: ReturnType<typeof useUploads>;
  announce: (text: string) => void;
  review: ReviewProps;
}

interface ReviewProps {
  /** The answers with the finished uploads. */
  application: ApplicationForm;
  warningText: string;
  goTo: (step: Step) => void;
}

export function StepFields({ lang, s, step, form, uploads, announce, review }: Props) {
  return (
    <>
      {step === 'applicant' && (
        <>
          <p>{s.requiredNote}</p>
          <ApplicantSection lang={lang} form={form} />
        </>
      )}
      {(step === 'members19Plus' || step === 'members18Under') && (
        <MembersSection lang={lang} form={form} which={step} announce={announce} />
      )}
      {step === 'rental' && <RentalSection lang={lang} form={form} />}
      {step === 'employment' && <EmploymentSection lang={lang} form={form} announce={announce} />}
      {step === 'otherIncome' && <OtherIncomeSection lang={lang} form={form} />}
      {step === 'additional' && <AdditionalSection lang={lang} form={form} />}
      {step === 'consent' && <ConsentSection lang={lang} form={form} />}
      {step === 'declaration' && <DeclarationSection />}
      {step === 'uploads' && (
        <Uploads
          lang={lang}
          s={s}
          items={uploads.items}
          onAdd={(group, file) => void uploads.add(group, file)}
          onRemove={uploads.remove}
          onRetry={uploads.retry}
          announce={announce}
        />
      )}
      {step === 'review' && <ReviewStep lang={lang} s={s} uploads={uploads} {...review} />}
    </>
  );
}

function ReviewStep({
  lang,
  s,
  uploads,
  application,
  warningText,
  goTo,
}: ReviewProps & Pick<Props, 'lang' | 's' | 'uploads'>) {
  const missingGroups = (['directDeposit', 'rental', 'employment', 'householdIncome'] as const).filter(
    (g) => !uploads.items.some((u) => u.group === g && u.status === 'done'),
  );
  return (
    <>
      <Review lang={lang} s={s} form={application} uploads={uploads.items} goTo={goTo} />
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
  );
}
