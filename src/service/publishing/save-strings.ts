// What a save in the CMS was, as one phrase per language for the publishing page: the event's
// noun and the content type with its own article and preposition (« Modification d’un programme
// (version française) », "Edited a program (French version)"), never a machine name glued to a
// word. A content type the site does not know is named by its machine name, in <code>.
import { defineStrings } from '../../i18n/define.ts';

export const saveStrings = defineStrings({
  en: {
    'event.create': 'Created {what}',
    'event.update': 'Edited {what}',
    'event.delete': 'Deleted {what}',
    'event.unknown': 'Saved {what}',
    'bundle.program': 'a program',
    'bundle.simple_page': 'a simple page',
    'bundle.complex_page': 'a complex page',
    'bundle.page': 'a basic page',
    'bundle.landing_page': 'a landing page',
    'bundle.vanity_url': 'a short address',
    'bundle.facility': 'a facility',
    'bundle.calculator_settings': 'the calculator settings',
    'bundle.screening': 'the screening page',
    'bundle.application_button': 'an application button',
    'bundle.redirect': 'a redirect',
    'bundle.categories': 'a category',
    'bundle.unknown': 'some content',
    'bundle.other': 'content of the type {bundle}',
    'lang.en': '(English version)',
    'lang.fr': '(French version)',
  },
  fr: {
    'event.create': 'Création {what}',
    'event.update': 'Modification {what}',
    'event.delete': 'Suppression {what}',
    'event.unknown': 'Enregistrement {what}',
    'bundle.program': 'd’un programme',
    'bundle.simple_page': 'd’une page simple',
    'bundle.complex_page': 'd’une page composée',
    'bundle.page': 'd’une page de base',
    'bundle.landing_page': 'd’une page d’entrée',
    'bundle.vanity_url': 'd’une adresse abrégée',
    'bundle.facility': 'd’un établissement',
    'bundle.calculator_settings': 'des paramètres de la calculatrice',
    'bundle.screening': 'de la page de présélection',
    'bundle.application_button': 'd’un bouton de demande',
    'bundle.redirect': 'd’une redirection',
    'bundle.categories': 'd’une catégorie',
    'bundle.unknown': 'd’un contenu',
    'bundle.other': 'd’un contenu de type {bundle}',
    'lang.en': '(version anglaise)',
    'lang.fr': '(version française)',
  },
});
