import type { UiKey } from './en.ts';

// Chaînes de l'interface en français : mêmes clés que en.ts, vérifiées par le type.
export const fr: Record<UiKey, string> = {
  WEBSITE_TITLE: 'Soutiens sociaux NB',
  'site.department': 'Ministère du Développement social',
  'site.tagline': 'Trouvez des programmes et services gouvernementaux et communautaires au Nouveau-Brunswick',
  'skip.main': 'Passer au contenu principal',
  'lang.switch': 'English',
  'lang.switchLabel': 'Read this page in English',
  'nav.home': 'Accueil',
  'nav.label': 'Principal',
  'header.survey': 'Sondage',
  'header.chat': 'Clavarder avec le 211',
  'header.onlineTools': 'Outils en ligne',
  'search.label': 'Rechercher des programmes et services',
  'search.button': 'Rechercher',
  'footer.print': 'Imprimer cette page',
  'footer.contact': 'Développement social : 1-833-733-7835',
  'footer.teleCare': 'Télé-Soins 811 : conseils santé gratuits d’une infirmière immatriculée, 24 heures sur 24, 7 jours sur 7.',
  'footer.copyright': 'Gouvernement du Nouveau-Brunswick',
  'devNotice.text': 'Ceci est un site de développement. Le contenu peut être incomplet.',
  'devNotice.link': 'Aller au site officiel',
  'phone.socialDevelopment': '1-833-733-7835',
  'island.failed': 'Cette partie de la page n’a pas pu se charger. Veuillez recharger la page ou composer le 1-833-733-7835 pour obtenir de l’aide.',
  'loader.label': 'Chargement…',
};
