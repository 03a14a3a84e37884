import { defineStrings } from '../../i18n/define.ts';

export const chatStrings = defineStrings({
  en: {
    getHelp: 'Get help',
    open: 'Open chat',
    hide: 'Hide chat',
    MODAL_211_TITLE: 'Chat with 211',
    disclaimer:
      '211 is a free, confidential service that connects you with community and social services. Do not share information that identifies you in the chat. In an emergency, call 911.',
    hours: 'Chat is available Monday to Friday, 8 a.m. to 10 p.m.',
    closed:
      'Chat is closed right now. It is available Monday to Friday, 8 a.m. to 10 p.m. You can dial 2-1-1 at any time.',
    dial: 'Dial 2-1-1',
    decline: 'Decline',
    chatNow: 'Chat now',
    close: 'Close',
    teleCare: 'Health question? Tele-Care 811 is open 24 hours a day, 7 days a week.',
    frameTitle: 'Chat with 211',
    loading: 'Loading the chat…',
    failed: 'The chat could not load. Dial 2-1-1 or call 1-833-733-7835.',
    noScript:
      'Chat with 211 needs JavaScript. 211 answers the phone 24 hours a day, 7 days a week, free and confidential.',
  },
  fr: {
    getHelp: 'Obtenir de l’aide',
    open: 'Ouvrir le clavardage',
    hide: 'Masquer le clavardage',
    MODAL_211_TITLE: 'Clavarder avec le 211',
    disclaimer:
      'Le 211 est un service gratuit et confidentiel qui vous met en contact avec les services communautaires et sociaux. Ne communiquez pas de renseignements qui vous identifient dans le clavardage. En cas d’urgence, composez le 911.',
    hours: 'Le clavardage est offert du lundi au vendredi, de 8 h à 22 h.',
    closed:
      'Le clavardage est fermé pour le moment. Il est offert du lundi au vendredi, de 8 h à 22 h. Vous pouvez composer le 211 en tout temps.',
    dial: 'Composer le 211',
    decline: 'Refuser',
    chatNow: 'Clavarder maintenant',
    close: 'Fermer',
    teleCare: 'Une question de santé? Télé-Soins 811 est ouvert 24 heures sur 24, 7 jours sur 7.',
    frameTitle: 'Clavardage avec le 211',
    loading: 'Chargement du clavardage…',
    failed: 'Le clavardage n’a pas pu se charger. Composez le 211 ou le 1-833-733-7835.',
    noScript:
      'Le clavardage avec le 211 nécessite JavaScript. Le 211 répond au téléphone 24 heures sur 24, 7 jours sur 7, gratuitement et en toute confidentialité.',
  },
});
