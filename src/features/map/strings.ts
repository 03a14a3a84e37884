// Map pages (facilities near a postal code): page texts per map type and the strings the
// page script uses. English and French side by side.
import { defineStrings } from '../../i18n/define.ts';
import { frenchStrings } from '../../i18n/typography/french.ts';
import type { postalMessages } from './messages.ts';

export const mapStrings = defineStrings({
  en: {
    label: 'Postal code',
    hint: 'For example, E1C 4B7. Your postal code stays on this device: it is not sent anywhere.',
    submit: 'Find',
    results: 'The {count} locations nearest to {code}',
    resultsOne: 'The location nearest to {code}',
    resultsHelp:
      'Nearest first. The map shows the same places as red dots: select a dot, or a place’s “Show on map” button, to see its details.',
    distance: '{distance} away',
    phone: 'Phone:',
    showOnMap: 'Show on map',
    showOnMapNamed: 'Show on map: {name}',
    cityLine: '{city} NB\u00a0\u00a0{postal}',
    mapLabel: 'Map of the locations nearest to you',
    mapLoading: 'Loading the map…',
    mapFailed: 'The map could not load. The list above has every location.',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    closePopup: 'Close the details',
    youAreHere: 'Centre of your postal code area',
    none: 'There are no locations to show. Call Social Development at 1-833-733-7835.',
    noscript: 'Finding the nearest locations needs JavaScript. You can still see every location in the list below.',
    all: 'All {count} locations, by community',
    program: 'About this program:',
    otherMaps: 'Other maps',
    indexTitle: 'Find a location near you',
    indexIntro:
      'Enter your postal code on one of these maps to see the nearest places, with their address and phone number.',
  },
  fr: {
    label: 'Code postal',
    hint: 'Par exemple, E1C 4B7. Votre code postal reste sur cet appareil : il n’est envoyé nulle part.',
    submit: 'Trouver',
    results: 'Les {count} endroits les plus près de {code}',
    resultsOne: 'L’endroit le plus près de {code}',
    resultsHelp:
      'Du plus près au plus loin. La carte montre les mêmes endroits en points rouges : sélectionnez un point, ou le bouton « Voir sur la carte » d’un endroit, pour en voir les coordonnées.',
    distance: 'À {distance}',
    phone: 'Téléphone :',
    showOnMap: 'Voir sur la carte',
    showOnMapNamed: 'Voir sur la carte : {name}',
    cityLine: '{city} (Nouveau-Brunswick)\u00a0\u00a0{postal}',
    mapLabel: 'Carte des endroits les plus près de chez vous',
    mapLoading: 'Chargement de la carte…',
    mapFailed: 'La carte n’a pas pu être chargée. La liste ci-dessus contient tous les endroits.',
    zoomIn: 'Zoom avant',
    zoomOut: 'Zoom arrière',
    closePopup: 'Fermer les coordonnées',
    youAreHere: 'Centre de la région de votre code postal',
    none: 'Il n’y a aucun endroit à afficher. Composez le 1-833-733-7835 pour joindre Développement social.',
    noscript:
      'La recherche des endroits les plus près nécessite JavaScript. Vous pouvez tout de même voir tous les endroits dans la liste ci-dessous.',
    all: 'Les {count} endroits, par collectivité',
    program: 'À propos de ce programme :',
    otherMaps: 'Autres cartes',
    indexTitle: 'Trouver un endroit près de chez vous',
    indexIntro:
      'Entrez votre code postal sur l’une de ces cartes pour voir les endroits les plus près, avec leur adresse et leur numéro de téléphone.',
  },
});

/** What the page script gets: these strings and the postal code messages (src/features/map/messages.ts). */
export type MapStrings = (typeof mapStrings)['en'] & (typeof postalMessages)['en'];

type MapType = 'home_support_agency' | 'nursing_home' | 'special_care_home' | 'meals_on_wheels';

type MapPages = Record<MapType, { title: string; intro: string; short: string }>;

const mapPagesEn: MapPages = {
  home_support_agency: {
    short: 'Home support agencies',
    title: 'Home support agencies near you',
    intro:
      'Home support agencies help with personal care and household tasks so you can keep living at home. Enter your postal code to see the agencies nearest to you, with their address and phone number.',
  },
  nursing_home: {
    short: 'Nursing homes',
    title: 'Nursing homes near you',
    intro:
      'Nursing homes give 24-hour nursing care to people who can no longer live safely at home. Social Development assesses and approves every admission. Enter your postal code to see the nursing homes nearest to you.',
  },
  special_care_home: {
    short: 'Special care homes',
    title: 'Special care homes near you',
    intro:
      'Special care homes give supervision and help with daily living to people who need some care. Enter your postal code to see the special care homes nearest to you.',
  },
  meals_on_wheels: {
    short: 'Meals on Wheels',
    title: 'Meals on Wheels near you',
    intro:
      'Meals on Wheels volunteers deliver hot, nutritious meals to your door. Enter your postal code to see the programs nearest to you.',
  },
};

const mapPagesFr: MapPages = {
  home_support_agency: {
    short: 'Agences de soutien à domicile',
    title: 'Agences de soutien à domicile près de chez vous',
    intro:
      'Les agences de soutien à domicile aident aux soins personnels et aux tâches ménagères pour que vous puissiez continuer à vivre chez vous. Entrez votre code postal pour voir les agences les plus près, avec leur adresse et leur numéro de téléphone.',
  },
  nursing_home: {
    short: 'Foyers de soins',
    title: 'Foyers de soins près de chez vous',
    intro:
      'Les foyers de soins offrent des soins infirmiers jour et nuit aux personnes qui ne peuvent plus vivre chez elles en sécurité. Développement social évalue et approuve chaque admission. Entrez votre code postal pour voir les foyers de soins les plus près.',
  },
  special_care_home: {
    short: 'Foyers de soins spéciaux',
    title: 'Foyers de soins spéciaux près de chez vous',
    intro:
      'Les foyers de soins spéciaux offrent de la supervision et de l’aide aux activités quotidiennes aux personnes qui ont besoin de certains soins. Entrez votre code postal pour voir les foyers de soins spéciaux les plus près.',
  },
  meals_on_wheels: {
    short: 'Popote roulante',
    title: 'Popote roulante près de chez vous',
    intro:
      'Les bénévoles de la popote roulante livrent des repas chauds et nutritifs à votre porte. Entrez votre code postal pour voir les services les plus près.',
  },
};

export const mapPages: Record<'en' | 'fr', MapPages> = { en: mapPagesEn, fr: frenchStrings(mapPagesFr) };
