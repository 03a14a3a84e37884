// The error summary above a step: each link names the question (as rendered) and what is wrong with
// it, and moves focus to it; an upload problem points at the first upload button and says its message.
import type { Ref } from 'react';
import type { Lang } from '../../../i18n/languages.ts';
import { fill } from '../../../i18n/define.ts';
import { errorSummaryItem } from '../../../i18n/error-summary.ts';
import { ErrorSummary } from '../../../site/form/error-summary/ErrorSummary.tsx';
import { fieldId } from '../rules/steps.ts';
import type { RegistrationStrings } from '../strings.ts';
import type { Problem } from './use-steps.ts';

interface Props {
  lang: Lang;
  s: RegistrationStrings;
  problems: Problem[];
  fieldNames: Record<string, string>;
  ref: Ref<HTMLDivElement>;
}

export function ProblemSummary({ lang, s, problems, fieldNames, ref }: Props) {
  return (
    <ErrorSummary
      lang={lang}
      id="chb-error"
      level={3}
      intro={s.errorIntro}
      ref={ref}
      items={problems.map((p) => {
        const target = p.path.startsWith('uploads') ? 'chb-upload-directDeposit' : fieldId(p.path);
        return {
          href: `#${target}`,
          text:
            p.path.startsWith('uploads') || !fieldNames[p.path]
              ? p.message
              : fill(lang, errorSummaryItem[lang].item, { label: fieldNames[p.path]!, reason: p.message }),
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
  );
}
