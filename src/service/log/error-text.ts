// What a log line says of an error. Messages of errors can quote their input (JSON.parse and
// zod quote the text they choke on; a database error may quote a value), and that input can be a
// person's name, SIN or date of birth: quoted text, e-mail addresses and runs of digits are
// replaced before an error's message reaches a log. The code (ENOSPC, SQLITE_FULL) stays.
const QUOTED = /"[^"]*"|'[^']*'|“[^”]*”|«[^»]*»|`[^`]*`/g;
const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+/g;
const DIGITS = /\d[\d\s./()-]{3,}\d/g;

export function errorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  // Node's file system errors start with their code already.
  const code = typeof e?.code === 'string' && !message.startsWith(e.code) ? `${e.code}: ` : '';
  const text = message.replace(QUOTED, '"…"').replace(EMAIL, '[email]').replace(DIGITS, '#');
  return `${code}${text}`.slice(0, 500);
}
