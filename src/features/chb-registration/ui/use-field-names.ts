// The summary links name each question to correct (its label or legend as rendered); the
// message itself shows once, beside the question, so each message is said once on the page.
import { useLayoutEffect, useState } from 'react';
import { fieldId } from '../rules/steps.ts';
import type { Problem } from './use-steps.ts';

export function useFieldNames(problems: Problem[], optional: string): Record<string, string> {
  const [fieldNames, setFieldNames] = useState<Record<string, string>>({});
  // Layout effect: the names replace the fallback before anyone can see (or query) it.
  useLayoutEffect(() => {
    const names: Record<string, string> = {};
    for (const p of problems) {
      const el = document.getElementById(fieldId(p.path)) as HTMLInputElement | null;
      if (!el) continue;
      const group = el.type === 'radio' ? el.closest('fieldset')?.querySelector('legend') : null;
      const text = group?.textContent ?? el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '';
      const item = el.closest('.repeat-item')?.querySelector('legend')?.textContent;
      names[p.path] = [item, text.replace(optional, '').trim()].filter(Boolean).join(', ');
    }
    // The names are read from the rendered DOM (an external system to React): set once per render of the problems.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFieldNames(names);
  }, [problems, optional]);
  return fieldNames;
}
