// The conditions the finder's no-JavaScript list says of each program ("May fit if you rent your
// home or are working."), made once per language, template and tags: programs share their tags,
// so a few sentences serve the whole list, which is rendered again whenever a listed program
// changes (at 10,000 programs per language, making every program's sentences each time was the
// largest part of that page's rendering).
import { sentence } from '../rules/text.ts';

const made = new Map<string, string>();

/** `sentence` of the same arguments; `words` are the language's own (strings.ts), the same for each call in it. */
export function conditionSentence(...args: Parameters<typeof sentence>): string {
  const [lang, template, tags, , opts] = args;
  const key = [lang, template, opts.type, opts.again, ...tags].join('\u0000');
  let text = made.get(key);
  if (text === undefined) {
    text = sentence(...args);
    made.set(key, text);
  }
  return text;
}
