// Strings of the publishing page's official-languages section, English and French side by side.
import { defineStrings } from '../../i18n/define.ts';

export const officialLanguagesStrings = defineStrings({
  en: {
    heading: 'Official languages',
    intro: 'New Brunswick’s {act} requires publication in both languages at the same time.',
    act: 'Official Languages Act',
    listIntro: 'The page waiting longest comes first.',
    none: 'Every live page is published in both languages.',
    unknown: 'This release has no official-languages report (it was built before the report existed).',
    count: { one: '{n} page is owed in the other language.', other: '{n} pages are owed in the other language.' },
    page: 'Page',
    owed: 'What is owed',
    days: 'Days waiting',
    edit: 'In the CMS',
    editLink: 'Edit “{title}” in the CMS',
    noEditLink: 'No link (no node id)',
    'oneLanguage.en': 'The French translation (live in English only)',
    'oneLanguage.fr': 'The English translation (live in French only)',
    sameText: 'Incomplete French text: the French page shows the English text of these fields:',
    dayCount: { one: '{n} day', other: '{n} days' },
  },
  fr: {
    heading: 'Langues officielles',
    intro: 'La {act} du Nouveau-Brunswick exige la publication simultanée dans les deux langues.',
    act: 'Loi sur les langues officielles',
    listIntro: 'La page qui attend depuis le plus longtemps figure en premier.',
    none: 'Toutes les pages en ligne sont publiées dans les deux langues.',
    unknown:
      'Cette version n’a pas de rapport sur les langues officielles (elle a été produite avant l’existence du rapport).',
    count: {
      one: 'Il manque la version dans l’autre langue pour {n} page.',
      other: 'Il manque la version dans l’autre langue pour {n} pages.',
    },
    page: 'Page',
    owed: 'Ce qui manque',
    days: 'Jours d’attente',
    edit: 'Dans le système de gestion de contenu',
    editLink: 'Modifier « {title} » dans le système de gestion de contenu',
    noEditLink: 'Aucun lien (pas de numéro de nœud)',
    'oneLanguage.en': 'La traduction française (en ligne en anglais seulement)',
    'oneLanguage.fr': 'La traduction anglaise (en ligne en français seulement)',
    sameText: 'Texte français incomplet : la page française affiche le texte anglais des champs suivants :',
    dayCount: { one: '{n} jour', other: '{n} jours' },
  },
});
