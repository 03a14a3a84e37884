// Final review: every answer by section with a Change link back to its step (the
// check-your-answers pattern), warnings that do not block, and the completeness confirmation.
// The rows themselves are built in review-rows.ts.
import { fill } from '../../../i18n/define.ts';
import type { Lang } from '../../../i18n/languages.ts';
import type { ApplicationForm } from '../rules/form-schema.ts';
import type { Step } from '../rules/steps.ts';
import type { RegistrationStrings } from '../strings.ts';
import { reviewSections } from './review-rows.ts';
import type { UploadItem } from './use-uploads.ts';

interface Props {
  lang: Lang;
  s: RegistrationStrings;
  form: ApplicationForm;
  uploads: UploadItem[];
  goTo: (step: Step) => void;
}

export function Review({ lang, s, form, uploads, goTo }: Props) {
  const sections = reviewSections(lang, s, form, uploads);

  return (
    <>
      <p>{s.reviewIntro}</p>
      {sections.map(({ step, rows }) => (
        <section className="review-section" key={step} aria-labelledby={`chb-review-${step}`}>
          <div className="review-head">
            <h3 id={`chb-review-${step}`}>{s.steps[step]}</h3>
            {/* Heard as one phrase, « Modifier la section « Consentement » », shown as « Modifier ». */}
            <a
              href={`#chb-step-heading`}
              aria-label={fill(lang, s.changeSection, { step: s.steps[step] })}
              onClick={(e) => {
                e.preventDefault();
                goTo(step);
              }}
            >
              {s.change}
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
