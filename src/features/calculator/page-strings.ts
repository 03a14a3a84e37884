import { defineStrings } from '../../i18n/define.ts';

export const calculatorPage = defineStrings({
  en: {
    title: 'Financial help calculator for home support',
    overview:
      'Home support services help you with personal care and household tasks so you can keep living at home. Use this calculator to estimate how much of the cost you would pay and how much financial help the department could give.',
    forMeTitle: 'Is this calculator for me?',
    forMe1: 'It is for adults 19 to 64 years old.',
    forMe2: 'You live at home alone or with a spouse.',
    dependent: 'A dependent is a child 19 or under living with you, or a child 25 or under in full-time school.',
    bandsTitle: 'Levels of help',
    band1: 'Little help: 0 to 10 hours a week',
    band2: 'Moderate help: 11 to 20 hours a week',
    band3: 'High help: 21 hours or more a week',
    privacy: 'The calculator does not store or send your income: everything stays in your browser.',
    calcTitle: 'Calculate your estimate',
    noscript: 'The calculator needs JavaScript. To get an estimate by phone, call Social Development at {phone}.',
    sampleNote: 'The figures used by this calculator are samples, to be replaced by the department’s rate table.',
    readTitle: 'How to read the result',
    read: 'The table shows, for each level of help, the estimated monthly cost of home support, the part you would pay and the financial help from the department. Amounts are rounded to whole dollars. The benefit is recalculated once a year.',
  },
  fr: {
    title: 'Calculatrice d’aide financière pour le soutien à domicile',
    overview:
      'Les services de soutien à domicile vous aident pour les soins personnels et les tâches ménagères afin que vous puissiez continuer à vivre chez vous. Cette calculatrice estime la part du coût que vous paieriez et l’aide financière que le ministère pourrait vous accorder.',
    forMeTitle: 'Cette calculatrice s’adresse-t-elle à vous?',
    forMe1: 'Elle s’adresse aux adultes de 19 à 64 ans.',
    forMe2: 'Vous vivez chez vous, en couple ou non.',
    dependent:
      'Une personne à charge est un enfant de 19 ans ou moins qui vit avec vous, ou un enfant de 25 ans ou moins aux études à temps plein.',
    bandsTitle: 'Niveaux d’aide',
    band1: 'Peu d’aide : 0 à 10 heures par semaine',
    band2: 'Aide modérée : 11 à 20 heures par semaine',
    band3: 'Aide importante : 21 heures ou plus par semaine',
    privacy: 'La calculatrice n’enregistre ni n’envoie votre revenu : tout reste dans votre navigateur.',
    calcTitle: 'Calculer votre estimation',
    noscript: 'La calculatrice nécessite JavaScript. Pour obtenir une estimation par téléphone, composez le {phone}.',
    sampleNote: 'Les chiffres de cette calculatrice sont des exemples, à remplacer par le barème du ministère.',
    readTitle: 'Comment lire le résultat',
    read: 'Le tableau indique, pour chaque niveau d’aide, le coût mensuel estimé du soutien à domicile, la part que vous paieriez et l’aide financière du ministère. Les montants sont arrondis au dollar près. L’aide financière est recalculée une fois par année.',
  },
});
