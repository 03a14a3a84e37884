// A label marked optional. French puts the marker inside the sentence, before its final
// punctuation (« …de ces groupes (facultatif)? », « …par courriel (facultatif). »), never glued
// after a complete question or sentence; English keeps "…groups? (optional)".
import type { Lang } from './languages.ts';

export function withOptional(lang: Lang, label: string, marker: string): string {
  if (lang !== 'fr') return `${label} ${marker}`;
  const last = label.slice(-1);
  if (!last || !'?.!'.includes(last)) return `${label} ${marker}`;
  // trimEnd, not a regular expression: spaces (no-break ones too) before the mark stay with it.
  const body = label.slice(0, -1).trimEnd();
  return `${body} ${marker}${label.slice(body.length)}`;
}
