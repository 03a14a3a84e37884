// The validation messages several forms share (GCDS's validation-errors is the model): the field
// codes of the correction and feedback forms, shown by the page and the server, and the common
// ones the registration builds on (src/features/chb-registration/messages.ts). Each feature's own
// messages are in its folder (screening, map); the error summary's title is in error-summary.ts
// (a form that shows no other message loads nothing more).
import { defineStrings } from './define.ts';
import type { Lang } from './languages.ts';

/** Required, too long, not one of the options, not valid: every form's field messages. */
export const commonMessages = {
  en: {
    required: 'This field is required.',
    too_long: 'This answer is too long.',
    invalid_choice: 'Select one of the options.',
    invalid: 'This answer is not valid.',
  },
  fr: {
    required: 'Ce champ est obligatoire.',
    too_long: 'Cette réponse est trop longue.',
    invalid_choice: 'Sélectionnez une des options.',
    invalid: 'Cette réponse n’est pas valide.',
  },
};

/** Field codes of the correction and feedback forms (src/site/form/messages.ts), shown by the page and the server. */
export const fieldMessages = /* @__PURE__ */ defineStrings({
  en: { ...commonMessages.en, invalid_email: 'Enter an email address in the correct format, like name@example.com' },
  fr: { ...commonMessages.fr, invalid_email: 'Entrez une adresse courriel au bon format, par exemple nom@exemple.ca' },
});

/** A correction or feedback field's message; an unknown code reads as "not valid". */
export function messageFor(lang: Lang, code: string): string {
  return (fieldMessages[lang] as Record<string, string>)[code] ?? fieldMessages[lang].invalid;
}
