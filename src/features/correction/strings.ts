// The correction request's strings (its page, form and thank-you), English and French side by side.
import { defineStrings } from '../../i18n/define.ts';

export const correctionStrings = defineStrings({
  en: {
    correctionTitle: 'Request a correction',
    correctionIntro: 'Tell us what is wrong or missing on a page. We read every request.',
    page: 'Page address or title (optional)',
    type: 'Type of correction',
    description: 'Description',
    descriptionHint: 'Tell us what is wrong and, if you know, what it should say.',
    email: 'Email (optional)',
    emailHint: 'Only if you want us to reply.',
    submit: 'Submit',
    select: 'Select…',
    thanksTitle: 'Thank you',
    thanksText: 'Your request was sent. It helps us improve this website.',
    goBack: 'Go back to the page',
    another: 'Submit another request',
    close: 'Close',
    networkError: 'Your request could not be sent. Check your connection and try again, or call 1-833-733-7835.',
    offline:
      'You are offline. Sending needs a connection: what you typed stays on this page, so you can send it once you are back online.',
    home: 'Go to the home page',
    honeypot: 'Leave this field empty',
  },
  fr: {
    correctionTitle: 'Demander une correction',
    correctionIntro: 'Dites-nous ce qui est erroné ou manquant sur une page. Nous lisons chaque demande.',
    page: 'Adresse ou titre de la page (facultatif)',
    type: 'Type de correction',
    description: 'Description',
    descriptionHint: 'Dites-nous ce qui est erroné et, si vous le savez, ce qui devrait être écrit.',
    email: 'Courriel (facultatif)',
    emailHint: 'Seulement si vous souhaitez une réponse.',
    submit: 'Envoyer',
    select: 'Sélectionnez…',
    thanksTitle: 'Merci',
    thanksText: 'Votre demande a été envoyée. Elle nous aide à améliorer ce site.',
    goBack: 'Retourner à la page',
    another: 'Envoyer une autre demande de correction',
    close: 'Fermer',
    networkError:
      'Votre demande n’a pas pu être envoyée. Vérifiez votre connexion et réessayez, ou composez le 1-833-733-7835.',
    offline:
      'Vous êtes hors ligne. L’envoi exige une connexion : ce que vous avez saisi reste sur cette page, et vous pourrez l’envoyer une fois de retour en ligne.',
    home: 'Aller à la page d’accueil',
    honeypot: 'Laissez ce champ vide',
  },
});

/** The kinds of correction (rules/correction.ts's correctionTypes), as the form's select names them. */
export const correctionTypeLabels = defineStrings({
  en: {
    wrong_information: 'Wrong information',
    broken_link: 'Broken link',
    missing_information: 'Missing information',
    spelling_translation: 'Spelling or translation error',
    other: 'Other',
  },
  fr: {
    wrong_information: 'Renseignement erroné',
    broken_link: 'Lien brisé',
    missing_information: 'Renseignement manquant',
    spelling_translation: 'Faute d’orthographe ou de traduction',
    other: 'Autre',
  },
});
