// Field error codes shared by the islands and the intake service, with their messages.
import type { Lang } from '../../i18n/languages.ts';
import { frenchStrings } from '../typography/french.ts';

export const fieldMessages = {
  en: {
    required: 'This field is required.',
    too_long: 'This answer is too long.',
    invalid_email: 'Enter an email address in the correct format, like name@example.com',
    invalid_choice: 'Select one of the options.',
    invalid: 'This answer is not valid.',
  },
  fr: frenchStrings({
    required: 'Ce champ est obligatoire.',
    too_long: 'Cette réponse est trop longue.',
    invalid_email: 'Entrez une adresse courriel au bon format, par exemple nom@exemple.ca',
    invalid_choice: 'Sélectionnez une des options.',
    invalid: 'Cette réponse n’est pas valide.',
  }),
} satisfies Record<Lang, Record<string, string>>;

export type FieldCode = keyof (typeof fieldMessages)['en'];

export function messageFor(lang: Lang, code: string): string {
  return (fieldMessages[lang] as Record<string, string>)[code] ?? fieldMessages[lang].invalid;
}

/** Maps zod issues to one code per field. */
export function fieldCodes(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; code: string; message: string; keys?: string[] }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? issue.keys?.[0] ?? '_');
    if (out[field]) continue;
    out[field] = ['required', 'too_long', 'invalid_email', 'invalid_choice'].includes(issue.message) ? issue.message : issue.code === 'unrecognized_keys' ? 'unknown_field' : 'invalid';
  }
  return out;
}
