// The intake service's entry point for a housing benefit application: the structure (form-schema.ts)
// first, then the same rules the island applies (check.ts), with messages in the reader's language.
import type { Lang } from '../../../i18n/languages.ts';
import { checkApplication, type HousingApplication } from './check.ts';
import { applicationMessage } from '../messages.ts';
import { todayInNewBrunswick } from '../../../site/form/formats.ts';
import { applicationInput } from './form-schema.ts';

export type ParseResult =
  | { ok: true; value: HousingApplication }
  | { ok: false; errors: Array<{ path: string; code: string; message: string }> };

/** Validates untrusted input (the server's entry point; the island uses checkApplication too). */
export function parseApplication(input: unknown, lang: Lang, today: string = todayInNewBrunswick()): ParseResult {
  const parsed = applicationInput.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => {
        const code = ['too_long', 'too_many', 'invalid'].includes(issue.message)
          ? issue.message
          : issue.code === 'invalid_value'
            ? 'invalid_choice'
            : 'invalid';
        return { path: issue.path.join('.') || '_', code, message: applicationMessage(lang, code) };
      }),
    };
  }
  const { errors, value } = checkApplication(parsed.data, today);
  if (errors.length)
    return { ok: false, errors: errors.map((e) => ({ ...e, message: applicationMessage(lang, e.code) })) };
  return { ok: true, value };
}
