// The feedback widget's strings ("Was this page helpful?"), English and French side by side.
import { defineStrings } from '../../i18n/define.ts';

export const feedbackStrings = defineStrings({
  en: {
    feedbackQuestion: 'Was this page helpful?',
    yes: 'Yes',
    no: 'No',
    feedbackAnonymous: 'Your feedback is anonymous: do not include personal information.',
    feedbackComment: 'Tell us more (optional)',
    feedbackSend: 'Send feedback',
    feedbackThanks: 'Thank you for your feedback.',
    honeypot: 'Leave this field empty',
  },
  fr: {
    feedbackQuestion: 'Cette page vous a-t-elle été utile?',
    yes: 'Oui',
    no: 'Non',
    feedbackAnonymous: 'Vos commentaires sont anonymes : n’incluez aucun renseignement personnel.',
    feedbackComment: 'Dites-nous-en plus (facultatif)',
    feedbackSend: 'Envoyer les commentaires',
    feedbackThanks: 'Merci de vos commentaires.',
    honeypot: 'Laissez ce champ vide',
  },
});
