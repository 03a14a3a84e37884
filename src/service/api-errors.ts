// The intake service's JSON refusals, each with a message in the request's language (the page
// sends Accept-Language with its own language; French when it asks for French first, else
// English). The code stays the machine's key; the message is what a person may be shown.
import { defineStrings } from '../i18n/define.ts';
import type { Lang } from '../i18n/languages.ts';

export const apiMessages = defineStrings({
  en: {
    unsupported_media_type:
      'We could not read what was sent: it is not in a format this address accepts. Nothing was saved.',
    cross_site_form:
      'This form was sent from another website, so it was refused. Nothing was saved. Please use the form on our site.',
    rate_limited: 'Too many requests came from your address. Nothing was saved. Please wait a minute, then try again.',
    payload_too_large: 'What was sent is too large. Nothing was saved.',
    server_error: 'Something went wrong on our side. Please try again in a few minutes, or call 1-833-733-7835.',
    method_not_allowed: 'Files sent with an application are never shown again, to keep them private.',
    idempotency_key_reused: 'This Idempotency-Key was already used with a different request body.',
    idempotency_key_invalid:
      'This idempotency key is not valid: use at most 128 letters, digits or the characters . _ ~ : + / = -. Nothing was saved.',
    storage_unavailable:
      'We could not reach our database just now. Nothing was saved. Please try again in a minute, or call 1-833-733-7835.',
    validation: 'Some answers are missing or not in the expected format. Nothing was saved.',
    not_found: 'There is nothing at this address.',
  },
  fr: {
    unsupported_media_type:
      'Nous n’avons pas pu lire votre envoi : il n’est pas dans un format que cette adresse accepte. Rien n’a été enregistré.',
    cross_site_form:
      'Ce formulaire a été envoyé depuis un autre site Web; il a donc été refusé. Rien n’a été enregistré. Veuillez utiliser le formulaire de notre site.',
    rate_limited:
      'Trop d’envois sont venus de votre adresse. Rien n’a été enregistré. Veuillez attendre une minute, puis réessayer.',
    payload_too_large: 'Votre envoi est trop volumineux. Rien n’a été enregistré.',
    server_error:
      'Un problème est survenu de notre côté. Veuillez réessayer dans quelques minutes ou composer le 1-833-733-7835.',
    method_not_allowed:
      'Les fichiers envoyés avec une demande ne sont jamais affichés de nouveau, pour qu’ils restent confidentiels.',
    idempotency_key_reused: 'Cette clé Idempotency-Key a déjà servi pour un envoi dont le contenu était différent.',
    idempotency_key_invalid:
      'Cette clé Idempotency-Key n’est pas valide : utilisez au plus 128 lettres, chiffres ou caractères . _ ~ : + / = -. Rien n’a été enregistré.',
    storage_unavailable:
      'Nous n’avons pas pu joindre notre base de données. Rien n’a été enregistré. Veuillez réessayer dans une minute ou composer le 1-833-733-7835.',
    validation: 'Des réponses manquent ou ne sont pas au format attendu. Rien n’a été enregistré.',
    not_found: 'Il n’y a rien à cette adresse.',
  },
});

export type ApiErrorCode = keyof (typeof apiMessages)['en'];

/** The language a caller asks for: the first of English or French in Accept-Language, else English. */
function acceptedLang(acceptLanguage: string | null | undefined): Lang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'fr' || tag === 'en') return tag;
  }
  return 'en';
}

/** `{"error": code, "message": …}` in the request's language (or `lang` when the body said it). */
export function apiError(
  c: { req: { raw: Request } },
  status: number,
  code: ApiErrorCode,
  options: { lang?: Lang; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
): Response {
  const lang = options.lang ?? acceptedLang(c.req.raw.headers.get('accept-language'));
  return new Response(JSON.stringify({ error: code, message: apiMessages[lang][code], ...options.extra }), {
    status,
    headers: { 'content-type': 'application/json', ...options.headers },
  });
}
