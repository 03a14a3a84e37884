// Offline reading: the offline page (that the reader is offline, the help lines, the pages saved
// on this device, clearing them). English and French side by side.
import { defineStrings } from '../../i18n/define.ts';

export const offlineStrings = defineStrings({
  en: {
    title: 'You are offline',
    lead: 'This page cannot open without a connection, and it is not saved on this device. Try again when you are back online.',
    helpTitle: 'Call for help',
    helpLead: 'Phone lines work without the internet.',
    socialDevelopment: 'Social Development:',
    socialDevelopmentText: 'Questions about the Department’s programs and services.',
    line211: 'Community, social and government services:',
    line211Text: 'Help finding services near you, 24 hours a day.',
    teleCare: 'Tele-Care:',
    teleCareText: 'Free health advice from a registered nurse, 24 hours a day, 7 days a week.',
    savedTitle: 'Pages saved on this device',
    savedLead: 'These pages open without a connection.',
    savedNone: 'No page is saved on this device yet.',
    savedNoScript: 'Your browser is not running JavaScript, so the saved pages cannot be listed here.',
    storedTitle: 'What this site keeps on your device',
    stored:
      'The pages you open on this site are kept on this device, with their styles and images, so that you can read them again without a connection: at most {pages} pages. When there is no more room, the page you opened longest ago makes way. Nothing you type in a form or a search is kept.',
    onlineTitle: 'Pages saved for reading offline',
    onlineLead:
      'You are online. Without a connection, the pages below still open on this device, and a page that is not saved brings you here.',
    savedNoneCleared: 'No page is saved on this device.',
    clear: 'Clear saved pages',
    cleared: 'The saved pages were removed from this device.',
    clearFailed: 'The saved pages could not be removed. Your browser’s settings for this site can remove them.',
  },
  fr: {
    title: 'Vous êtes hors ligne',
    lead: 'Cette page ne peut pas s’ouvrir sans connexion, et elle n’est pas enregistrée sur cet appareil. Réessayez lorsque vous serez de nouveau en ligne.',
    helpTitle: 'Appeler pour obtenir de l’aide',
    helpLead: 'Le téléphone fonctionne sans Internet.',
    socialDevelopment: 'Développement social :',
    socialDevelopmentText: 'Questions sur les programmes et services du ministère.',
    line211: 'Services communautaires, sociaux et gouvernementaux :',
    line211Text: 'De l’aide pour trouver des services près de chez vous, 24 heures sur 24.',
    teleCare: 'Télé-Soins :',
    teleCareText: 'Conseils santé gratuits du personnel infirmier immatriculé, 24 heures sur 24, 7 jours sur 7.',
    savedTitle: 'Pages enregistrées sur cet appareil',
    savedLead: 'Ces pages s’ouvrent sans connexion.',
    savedNone: 'Aucune page n’est encore enregistrée sur cet appareil.',
    savedNoScript:
      'Votre navigateur n’exécute pas JavaScript : les pages enregistrées ne peuvent donc pas être affichées ici.',
    storedTitle: 'Ce que ce site conserve sur votre appareil',
    stored:
      'Les pages que vous ouvrez sur ce site sont conservées sur cet appareil, avec leur mise en page et leurs images, pour que vous puissiez les relire sans connexion : au plus {pages} pages. Quand la place manque, la page ouverte il y a le plus longtemps cède sa place. Rien de ce que vous tapez dans un formulaire ou une recherche n’est conservé.',
    onlineTitle: 'Pages enregistrées pour la lecture hors ligne',
    onlineLead:
      'Vous êtes en ligne. Sans connexion, les pages ci-dessous s’ouvrent quand même sur cet appareil, et une page qui n’est pas enregistrée vous amène ici.',
    savedNoneCleared: 'Aucune page n’est enregistrée sur cet appareil.',
    clear: 'Effacer les pages enregistrées',
    cleared: 'Les pages enregistrées ont été supprimées de cet appareil.',
    clearFailed:
      'Les pages enregistrées n’ont pas pu être supprimées. Les réglages de votre navigateur pour ce site permettent de les supprimer.',
  },
});
