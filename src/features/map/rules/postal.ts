// Canadian postal codes as people type them: any case, with or without the space (or a hyphen).
// Canada Post never uses D, F, I, O, Q or U, and never W or Z as the first letter.
export type PostalProblem = 'empty' | 'malformed';

export interface PostalCode {
  /** Canonical form, e.g. "E1C 4B7". */
  code: string;
  /** Forward sortation area: the first three characters, e.g. "E1C". */
  fsa: string;
}

const FORMAT = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

export function normalizePostal(
  input: string,
): { ok: true; value: PostalCode } | { ok: false; problem: PostalProblem } {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!compact) return { ok: false, problem: 'empty' };
  if (!FORMAT.test(compact)) return { ok: false, problem: 'malformed' };
  return { ok: true, value: { code: `${compact.slice(0, 3)} ${compact.slice(3)}`, fsa: compact.slice(0, 3) } };
}

/** New Brunswick's postal codes all start with E. */
export const isNewBrunswick = (fsa: string) => fsa.startsWith('E');
