import { defineStrings } from '../../i18n/define.ts';

export const registrationPage = defineStrings({
  en: {
    title: 'Canada Housing Benefit: online registration',
    intro:
      'Use this form to apply for the Canada Housing Benefit in New Brunswick. It takes about 30 minutes. Have your social insurance number, your rent details, your income for the past 12 months and your documents ready.',
    checkFirst: 'Not sure you qualify? Check the eligibility criteria first.',
    noSave:
      'You cannot save this form and come back later: complete it in one session. Your answers stay on this device until you submit them.',
    privacyTitle: 'How we protect your information',
    /** The Act's title, in italics where {act} is. */
    act: 'Family Income Security Act',
    privacy:
      'Your information is collected under the authority of the {act} to decide whether you qualify for the Canada Housing Benefit. Your social insurance number and dates of birth are encrypted when stored. We do not share your information except as you agree in the consent section or as the law requires.',
    noscript:
      'This online form needs JavaScript, which is off or not available in your browser. To apply another way, call Social Development, toll free, Monday to Friday:',
    noscriptOther:
      'We can take your application by phone, or mail you the paper form with the address to send it back to.',
    help: 'Need help with this form? Call 1-833-733-7835 (toll free), Monday to Friday.',
  },
  fr: {
    title: 'Allocation canadienne pour le logement : formulaire de demande en ligne',
    intro:
      'Utilisez ce formulaire pour demander l’Allocation canadienne pour le logement au Nouveau-Brunswick. Il faut environ 30 minutes. Ayez en main votre numéro d’assurance sociale, les renseignements sur votre loyer, votre revenu des 12 derniers mois et vos documents.',
    checkFirst: 'Vous ne savez pas si vous êtes admissible? Vérifiez d’abord les critères d’admissibilité.',
    noSave:
      'Vous ne pouvez pas enregistrer ce formulaire pour y revenir plus tard : remplissez-le en une seule fois. Vos réponses restent sur cet appareil jusqu’à leur envoi.',
    privacyTitle: 'Comment nous protégeons vos renseignements',
    act: 'Loi sur la sécurité du revenu familial',
    privacy:
      'Vos renseignements sont recueillis en vertu de la {act} afin de déterminer si vous êtes admissible à l’Allocation canadienne pour le logement. Votre numéro d’assurance sociale et les dates de naissance sont chiffrés lorsqu’ils sont conservés. Nous ne communiquons pas vos renseignements, sauf selon ce que vous acceptez dans la section sur le consentement ou ce que la loi exige.',
    noscript:
      'Ce formulaire en ligne nécessite JavaScript, qui est désactivé ou non disponible dans votre navigateur. Pour présenter une demande autrement, appelez Développement social, sans frais, du lundi au vendredi :',
    noscriptOther:
      'Nous pouvons prendre votre demande par téléphone ou vous envoyer par la poste le formulaire papier avec l’adresse où le retourner.',
    help: 'Besoin d’aide pour remplir ce formulaire? Composez le 1-833-733-7835 (sans frais), du lundi au vendredi.',
  },
});
