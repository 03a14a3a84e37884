// Why a draft cannot be previewed, in the language of the preview's address: each problem names
// the field by the label editors know (src/i18n/field-labels.ts) and says what is wrong in
// words, never the validator's or the CMS client's own English text.
import type { z } from 'zod';
import { fieldLabel } from '../../i18n/field-labels.ts';
import { defineStrings, fill } from '../../i18n/define.ts';
import type { Lang } from '../../i18n/languages.ts';

const strings = defineStrings({
  en: {
    field: '{field}: {reason}',
    node: 'The whole draft: {reason}',
    empty: 'this field is empty.',
    tooShort: 'too short (at least {n}).',
    tooFew: 'too few items (at least {n}).',
    tooLong: 'too long (at most {n}).',
    tooMany: 'too many items (at most {n}).',
    missing: 'this required field is missing.',
    wrongType: 'this value is not of the expected kind.',
    notAllowed: 'this value is not one of those allowed ({values}).',
    badFormat: 'this value is not in the expected format.',
    invalid: 'this value is not valid.',
    tooManyRelated:
      'it holds too many related items once its references are resolved: they repeat or point at each other.',
    tooLarge: 'it is too large once its references are resolved.',
    malformed: 'the content management system sent it in a form that cannot be read.',
    leftOut: 'it would be left out of the site (see the build warnings).',
    unreachable: 'The content management system could not be reached. Try again in a moment.',
    cmsStatus: 'The content management system answered with an error (HTTP {status}). Try again in a moment.',
    cmsTooLarge:
      'The content management system’s answer is more than {bytes} bytes, more than a preview may read (CMS_MAX_RESPONSE_MB). Check the draft’s references, then try again.',
    cmsMalformed: 'The content management system’s answer could not be read.',
  },
  fr: {
    field: '{field} : {reason}',
    node: 'L’ébauche entière : {reason}',
    empty: 'ce champ est vide.',
    tooShort: 'trop court (au moins {n}).',
    tooFew: 'trop peu d’éléments (au moins {n}).',
    tooLong: 'trop long (au plus {n}).',
    tooMany: 'trop d’éléments (au plus {n}).',
    missing: 'ce champ obligatoire est absent.',
    wrongType: 'cette valeur n’est pas du type attendu.',
    notAllowed: 'cette valeur ne fait pas partie des valeurs permises ({values}).',
    badFormat: 'cette valeur n’est pas dans le format attendu.',
    invalid: 'cette valeur n’est pas valide.',
    tooManyRelated:
      'il contient trop d’éléments liés une fois ses références résolues : elles se répètent ou renvoient les unes aux autres.',
    tooLarge: 'il est trop volumineux une fois ses références résolues.',
    malformed: 'le système de gestion de contenu l’a envoyé sous une forme illisible.',
    leftOut: 'elle serait exclue du site (voir les avertissements de la génération).',
    unreachable: 'Le système de gestion de contenu n’a pas pu être joint. Réessayez dans un moment.',
    cmsStatus: 'Le système de gestion de contenu a répondu par une erreur (HTTP {status}). Réessayez dans un moment.',
    cmsTooLarge:
      'La réponse du système de gestion de contenu dépasse {bytes} octets, plus qu’un aperçu ne peut lire (CMS_MAX_RESPONSE_MB). Vérifiez les références de l’ébauche, puis réessayez.',
    cmsMalformed: 'La réponse du système de gestion de contenu est illisible.',
  },
});

type Key = keyof (typeof strings)['en'];

/** One problem: a field (or the whole node) and what is wrong with it. */
function about(lang: Lang, path: string, reason: string): string {
  const t = strings[lang];
  return !path || path === '(node)'
    ? fill(lang, t.node, { reason })
    : fill(lang, t.field, { field: fieldLabel(lang, path), reason });
}

/** A failure of the CMS itself (no field to name). */
export const cmsProblem = (lang: Lang, key: Extract<Key, `cms${string}` | 'unreachable'>, vars = {}) =>
  fill(lang, strings[lang][key], vars);

/** A validation issue of the node's schema. */
export function issueProblem(lang: Lang, issue: z.core.$ZodIssue): string {
  const t = strings[lang];
  const path = issue.path.map(String).join('.');
  const list = (values: unknown[]) => values.map(String).join(', ');
  let reason: string;
  switch (issue.code) {
    case 'too_small':
      reason =
        issue.origin === 'array'
          ? fill(lang, t.tooFew, { n: Number(issue.minimum) })
          : Number(issue.minimum) <= 1
            ? t.empty
            : fill(lang, t.tooShort, { n: Number(issue.minimum) });
      break;
    case 'too_big':
      reason = fill(lang, issue.origin === 'array' ? t.tooMany : t.tooLong, { n: Number(issue.maximum) });
      break;
    case 'invalid_type':
      reason = issue.input === undefined || issue.input === null ? t.missing : t.wrongType;
      break;
    case 'invalid_value':
      reason = fill(lang, t.notAllowed, { values: list(issue.values) });
      break;
    case 'invalid_format':
      reason = t.badFormat;
      break;
    default:
      reason = t.invalid;
  }
  return about(lang, path, reason);
}

/** A node the deserializer refused: malformed, or over its budget of related items or bytes. */
export function refusedProblem(lang: Lang, refused: { field: string; message: string }): string {
  const t = strings[lang];
  const reason = refused.message.startsWith('holds')
    ? t.tooManyRelated
    : refused.message.startsWith('takes')
      ? t.tooLarge
      : t.malformed;
  return about(lang, refused.field, reason);
}

/** A node the entry mapping leaves out (an error of its own, or nothing to show). */
export const leftOutProblem = (lang: Lang) => about(lang, '(node)', strings[lang].leftOut);
