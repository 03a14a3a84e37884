// GOV.UK error summary for the islands: the markup of errorSummaryHtml (src/site/form/form-html.ts),
// with a ref to focus it and an optional click handler per link (to focus a field by script).
import type { MouseEvent, Ref } from 'react';
import type { Lang } from '../../../i18n/languages.ts';
import { errorSummaryTitle } from '../../../i18n/error-summary.ts';
import type { SummaryItem } from '../form-html.ts';

interface ErrorSummaryItem extends SummaryItem {
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

interface Props {
  lang: Lang;
  id: string;
  items: readonly ErrorSummaryItem[];
  level?: 2 | 3;
  intro?: string | undefined;
  ref?: Ref<HTMLDivElement>;
}

export function ErrorSummary({ lang, id, items, level = 2, intro, ref }: Props) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className="error-summary" id={id} role="alert" aria-labelledby={`${id}-title`} tabIndex={-1} ref={ref}>
      <Heading id={`${id}-title`}>{errorSummaryTitle[lang].title}</Heading>
      {intro && <p>{intro}</p>}
      <ul>
        {items.map((i) => (
          <li key={i.href + i.text}>
            <a href={i.href} onClick={i.onClick}>
              {i.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
