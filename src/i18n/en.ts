// English interface strings. Keys are flat and dotted (Starlight style); fr.ts must have the same keys.
export const en = {
  WEBSITE_TITLE: 'Social Supports NB',
  'site.department': 'Department of Social Development',
  'site.tagline': 'Find government and community programs and services in New Brunswick',
  'skip.main': 'Skip to main content',
  'lang.switch': 'Français',
  'lang.switchLabel': 'Lire cette page en français',
  'nav.home': 'Home',
  'nav.label': 'Main',
  'header.survey': 'Survey',
  'header.chat': 'Chat with 211',
  'header.onlineTools': 'Online tools',
  'search.label': 'Search programs and services',
  'search.button': 'Search',
  'footer.print': 'Print this page',
  'footer.contact': 'Social Development: 1-833-733-7835',
  'footer.teleCare': 'Tele-Care 811: free health advice from a registered nurse, 24 hours a day, 7 days a week.',
  'footer.copyright': 'Government of New Brunswick',
  'devNotice.text': 'This is a development site. Content may be incomplete.',
  'devNotice.link': 'Go to the live site',
  'phone.socialDevelopment': '1-833-733-7835',
  'island.failed': 'This part of the page could not load. Please reload the page, or call 1-833-733-7835 for help.',
  'loader.label': 'Loading…',
} as const;

export type UiKey = keyof typeof en;
