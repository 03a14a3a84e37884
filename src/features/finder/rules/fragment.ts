// Answers in a shareable link: they travel in the URL's fragment (#answers=rent,need-money),
// which browsers never send to a server. Unknown values are dropped, so an edited or old link
// still opens the finder.
import type { FinderTag } from './questions.ts';
import { normalizeAnswers } from './rules.ts';

const PREFIX = 'answers=';

export function answersToFragment(answers: readonly FinderTag[]): string {
  return `#${PREFIX}${normalizeAnswers(answers).join(',')}`;
}

/** The answers in a location.hash value ('#answers=…'); none for any other fragment (#main). */
export function answersFromFragment(hash: string): FinderTag[] {
  const value = hash.replace(/^#/, '');
  if (!value.startsWith(PREFIX)) return [];
  let list = value.slice(PREFIX.length);
  try {
    list = decodeURIComponent(list);
  } catch {
    return [];
  }
  return normalizeAnswers(list.split(',').map((v) => v.trim()));
}
