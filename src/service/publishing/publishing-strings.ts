// Strings of the editors' publishing page, English and French side by side (French spacing from
// defineStrings). Warning kinds and languages are keyed `kind.*`, `lang.*`; saves are in save-strings.ts.
import { defineStrings } from '../../i18n/define.ts';
import type { Lang } from '../../i18n/languages.ts';

export const publishingStrings = defineStrings({
  en: {
    title: 'Publishing',
    intro: 'What the public site shows, and how each save in the CMS was published.',
    live: 'Live release',
    liveNone: 'No release is live yet.',
    liveSince: 'Live since {time}, {pages} pages.',
    building: 'A build is running now.',
    queued: 'More saves are waiting: one more build will follow.',
    idle: 'No build is running.',
    liveWarnings: 'Warnings in the live release',
    noWarnings: 'None.',
    recent: 'Recent builds',
    noBuilds: 'No build yet since the history began.',
    started: 'Started',
    trigger: 'What changed',
    duration: 'Duration',
    result: 'Result',
    warnings: 'Warnings',
    seconds: '{n} s',
    success: 'Published',
    successLive: 'Published, live now',
    failed: 'Refused: the public site did not change',
    interrupted: 'Interrupted (the service stopped): the public site did not change',
    timedOut: 'Stopped at the time limit: the public site did not change',
    running: 'Building',
    why: 'Why',
    moreSaves: '(+{n} more saves)',
    unknownChange: 'a change in the CMS',
    page: 'Page',
    linkText: 'Link text',
    target: 'Leads to',
    content: 'Content',
    field: 'Field',
    'lang.en': 'English',
    'lang.fr': 'French',
    'kind.broken-link': 'Broken link',
    'kind.invalid-node': 'Content left out (invalid)',
    'kind.invalid-field': 'Field left out (invalid)',
    'kind.dangling-reference': 'Reference to missing content',
    'kind.unresolved-link': 'Link that could not be resolved',
    labelled: '{name}: ',
    quoted: '“{text}”',
    separator: '; ',
    switchLang: 'Français',
    needToken:
      'This page is for editors. Open it once with ?token= followed by your editor token, or send it as an Authorization: Bearer header.',
    tooManyTries:
      'Too many wrong tokens were sent from your address. Please wait {minutes} minutes, then open the page again with your editor token.',
  },
  fr: {
    title: 'Publication',
    intro: 'Ce que montre le site public, et comment chaque enregistrement dans le CMS a été publié.',
    live: 'Version en ligne',
    liveNone: 'Aucune version n’est encore en ligne.',
    liveSince: 'En ligne depuis le {time}, {pages} pages.',
    building: 'Une génération du site est en cours.',
    queued: 'D’autres enregistrements attendent : une autre génération suivra.',
    idle: 'Aucune génération en cours.',
    liveWarnings: 'Avertissements de la version en ligne',
    noWarnings: 'Aucun.',
    recent: 'Générations récentes',
    noBuilds: 'Aucune génération depuis le début de l’historique.',
    started: 'Début',
    trigger: 'Modification',
    duration: 'Durée',
    result: 'Résultat',
    warnings: 'Avertissements',
    seconds: '{n} s',
    success: 'Publiée',
    successLive: 'Publiée, en ligne',
    failed: 'Refusée : le site public n’a pas changé',
    interrupted: 'Interrompue (le service s’est arrêté) : le site public n’a pas changé',
    timedOut: 'Arrêtée au délai maximal : le site public n’a pas changé',
    running: 'En cours',
    why: 'Motif',
    moreSaves: '(+{n} autres enregistrements)',
    unknownChange: 'une modification dans le CMS',
    page: 'Page',
    linkText: 'Texte du lien',
    target: 'Destination',
    content: 'Contenu',
    field: 'Champ',
    'lang.en': 'anglais',
    'lang.fr': 'français',
    'kind.broken-link': 'Lien brisé',
    'kind.invalid-node': 'Contenu écarté (non valide)',
    'kind.invalid-field': 'Champ écarté (non valide)',
    'kind.dangling-reference': 'Renvoi vers un contenu absent',
    'kind.unresolved-link': 'Lien impossible à résoudre',
    labelled: '{name} : ',
    quoted: '« {text} »',
    separator: ' ; ',
    switchLang: 'English',
    needToken:
      'Cette page est réservée aux rédactrices et rédacteurs. Ouvrez-la une fois avec ?token= suivi de votre jeton de rédaction, ou envoyez celui-ci dans l’en-tête Authorization avec le schéma Bearer.',
    tooManyTries:
      'Trop de jetons erronés ont été envoyés depuis votre adresse. Veuillez attendre {minutes} minutes, puis ouvrir de nouveau la page avec votre jeton de rédaction.',
  },
});

export function pickLanguage(query: string | undefined, acceptLanguage: string | undefined): Lang {
  if (query === 'en' || query === 'fr') return query;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'fr' || tag === 'en') return tag;
  }
  return 'en';
}
