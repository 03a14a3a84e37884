// The conditions the finder's no-JavaScript list says of each program ("May fit if you rent your
// home or are working."), made once per language, template and tags: programs share their tags,
// so a few sentences serve the whole list, which is rendered again whenever a listed program
// changes (at 10,000 programs per language, making every program's sentences each time was the
// largest part of that page's rendering).
import type { Lang } from '../../../i18n/index.ts';
import type { FinderTag } from '../rules/questions.ts';
import { sentence, type ReasonWords } from '../rules/text.ts';

const made = new Map<string, string>();

export function conditionSentence(
  lang: Lang,
  template: string,
  tags: readonly FinderTag[],
  words: ReasonWords,
  opts: { type: 'conjunction' | 'disjunction'; again: string },
): string {
  const key = [lang, template, opts.type, opts.again, ...tags].join('\u0000');
  let text = made.get(key);
  if (text === undefined) {
    text = sentence(lang, template, tags, words, opts);
    made.set(key, text);
  }
  return text;
}
