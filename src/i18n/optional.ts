// A label marked optional. French puts the marker inside the sentence, before its final
// punctuation (« …de ces groupes (facultatif)? », « …par courriel (facultatif). »), never glued
// after a complete question or sentence; English keeps "…groups? (optional)".
import type { Lang } from './languages.ts';

export function withOptional(lang: Lang, label: string, marker: string): string {
  if (lang !== 'fr') return `${label} ${marker}`;
  const end = /[\s\u00a0\u202f]*[?.!]$/.exec(label);
  return end ? `${label.slice(0, end.index)} ${marker}${end[0]}` : `${label} ${marker}`;
}
