// Format rules the spec leaves open, chosen as Canadian government forms do. Each returns the
// normalized value, or null when the input is not in an accepted format.

/** 10-digit North American number; spaces, dots, dashes, brackets and a leading 1 are accepted. */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** Canadian postal code `A1A 1A1` in any case, with or without the space. */
export function normalizePostalCode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(compact)
    ? `${compact.slice(0, 3)} ${compact.slice(3)}`
    : null;
}

/** New Brunswick postal codes start with E. */
export const isNewBrunswickPostalCode = (normalized: string) => normalized.startsWith('E');

/** Social insurance number: 9 digits passing the Luhn check; spaces and dashes are accepted. */
export function normalizeSin(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(digits[i]) * (i % 2 === 1 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0 ? digits : null;
}

/** A real calendar date written YYYY-MM-DD or YYYY/MM/DD, returned as YYYY-MM-DD. */
export function normalizeDate(input: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(input.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Whole years between a YYYY-MM-DD birth date and a YYYY-MM-DD day. */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = day.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Today in New Brunswick as YYYY-MM-DD (the applicant's calendar, not the server's). */
export function todayInNewBrunswick(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Moncton',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * A dollar amount: "1234", "1,234.50", "$1 234,50" (French decimal comma). Returns cents-exact
 * dollars, 'negative' for a minus sign, or null when it is not a number.
 */
export function parseMoney(input: string): number | 'negative' | null {
  let s = input.replace(/[\s\u00a0\u202f$]/g, '');
  if (s === '') return null;
  if (s.startsWith('-')) return /\d/.test(s) ? 'negative' : null;
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return n > 10_000_000 ? null : n;
}
