// A message with an element in it (a link, a telephone number, a <strong>): the text before and
// after its one {name}, so that the sentence stays whole per language and the element sits where
// the language puts it. Not in fill.ts, which page scripts copy whole and which has no use for it.

/** The text before and after `{name}` in `message`; a placeholder missing or repeated throws, naming it. */
export function around(message: string, name: string): [before: string, after: string] {
  const parts = message.split(`{${name}}`);
  if (parts.length !== 2) throw new Error(`around: "${message}" must hold {${name}} once`);
  return [parts[0]!, parts[1]!];
}
