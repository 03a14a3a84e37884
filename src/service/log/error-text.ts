// What a log line says of an error. Messages of errors can quote their input (JSON.parse and
// zod quote the text they choke on; a database error may quote a value), and that input can be a
// person's name, SIN or date of birth: quoted text, e-mail addresses and runs of digits are
// replaced before an error's message reaches a log. The code (ENOSPC, SQLITE_FULL) stays.
// Quotes and addresses are found by scanning, not by regular expressions (linear time, whatever
// the message: see tests/security/redos.test.ts).
const QUOTES: Record<string, string> = { '"': '"', "'": "'", '“': '”', '«': '»', '`': '`' };
const DIGITS = /\d[\d\s./()-]{3,}\d/g;
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
  const text = withoutEmails(withoutQuoted(message)).replace(DIGITS, '#');
  return `${code}${text}`.slice(0, MAX);
}
