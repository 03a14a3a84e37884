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
    feedbackCommentThanks: 'Thank you, your comment was sent.',
    feedbackSending: 'Sending…',
    feedbackFailed:
      'Your feedback could not be sent. Check your connection, wait a minute, then try again. What you wrote is kept below.',
    feedbackMissing: 'Choose Yes or No, or write a comment, then send again.',
    feedbackPageTitle: 'Page feedback',
    feedbackBack: 'Back to the page',
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
    feedbackCommentThanks: 'Merci, votre commentaire a été envoyé.',
    feedbackSending: 'Envoi en cours…',
    feedbackFailed:
      'Vos commentaires n’ont pas pu être envoyés. Vérifiez votre connexion, attendez une minute, puis réessayez. Ce que vous avez écrit est conservé ci-dessous.',
    feedbackMissing: 'Choisissez Oui ou Non, ou écrivez un commentaire, puis envoyez de nouveau.',
    feedbackPageTitle: 'Commentaires sur la page',
    feedbackBack: 'Retour à la page',
    honeypot: 'Laissez ce champ vide',
  },
});
