// What a log line says of an error. Messages of errors can quote their input (JSON.parse and
// zod quote the text they choke on; a database error may quote a value), and that input can be a
// person's name, SIN or date of birth: quoted text, e-mail addresses and runs of digits are
// replaced before an error's message reaches a log. The code (ENOSPC, SQLITE_FULL) stays.
// Quotes, addresses and numbers are found by scanning, not by regular expressions (linear time,
// whatever the message: see tests/security/redos.test.ts).
const QUOTES: Record<string, string> = { '"': '"', "'": "'", '“': '”', '«': '»', '`': '`' };
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const NUMBER_PARTS = new Set([' ', '.', '/', '(', ')', '-']);
const MAX = 500;

/** Quoted text replaced by "…" (an unclosed quote hides the rest of the message). */
function withoutQuoted(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const close = QUOTES[text[i]!];
    if (close === undefined) {
      out += text[i++];
      continue;
    }
    const end = text.indexOf(close, i + 1);
    out += '"…"';
    if (end < 0) break;
    i = end + 1;
  }
  return out;
}

/** Runs of five or more characters of digits and separators (a SIN, a phone, a date) replaced by `#`. */
function withoutNumbers(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text[i])) {
      out += text[i++];
      continue;
    }
    let end = i;
    let j = i;
    while (j < text.length && (isDigit(text[j]) || NUMBER_PARTS.has(text[j]!))) if (isDigit(text[j++])) end = j;
    out += end - i >= 5 ? '#' : text.slice(i, end);
    i = end;
  }
  return out;
}

/** Every word holding an `@` replaced. */
const withoutEmails = (text: string) =>
  text
    .split(' ')
    .map((word) => (word.includes('@') ? '[email]' : word))
    .join(' ');

export function errorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = (typeof e?.message === 'string' ? e.message : String(error)).slice(0, MAX * 4);
  // Node's file system errors start with their code already.
  const code = typeof e?.code === 'string' && !message.startsWith(e.code) ? `${e.code}: ` : '';
  const text = withoutNumbers(withoutEmails(withoutQuoted(message)));
  return `${code}${text}`.slice(0, MAX);
}
