// The housing benefit registration's messages, shared by its rules, its island and its server
// routes: the spec's field messages word for word (section 5) on top of the common ones
// (src/i18n/validation.ts), and the upload messages.
import { defineStrings, fill } from '../../i18n/define.ts';
import type { Lang } from '../../i18n/languages.ts';
import { commonMessages as common } from '../../i18n/validation.ts';
import { messageLimits } from '../../site/rules/housing-benefit-limits.ts';

/** The housing benefit registration: the spec's messages word for word (section 5), ours for formats. */
const applicationTemplates = /* @__PURE__ */ defineStrings({
  en: {
    ...common.en,
    must_be_nb: 'Must be NB.',
    declaration: 'Please click the checkbox to confirm information in this form is correct.',
    income_applicant: 'At least one income source must be entered for the Main Applicant.',
    invalid_email: 'Enter an email address in the correct format, like name@example.com.',
    invalid_phone: 'Enter a 10-digit telephone number, like 506-555-0123.',
    invalid_postal: 'Enter a postal code in the correct format, like E1A 1A1.',
    postal_nb: 'Enter a New Brunswick postal code (it starts with E).',
    invalid_sin: 'Enter a valid 9-digit social insurance number.',
    invalid_date: 'Enter a real date in the format YYYY-MM-DD.',
    date_future: 'The date of birth must be in the past.',
    age_adult: 'This person must be {adult} or older. Add them as a household member {minor} or younger.',
    age_minor: 'This person must be {minor} or younger. Add them as a household member {adult} or older.',
    invalid_amount: 'Enter an amount in dollars, like 850 or 850.50.',
    negative_amount: 'The amount must not be a negative number.',
    invalid_hours: 'Enter the hours worked per week, from {hoursMin} to {hoursMax}.',
    invalid_bedrooms: 'Enter a number of bedrooms from 0 to {bedroomsMax}.',
    prefer_not_alone: 'Choose “Prefer not to say” on its own, or uncheck it.',
    email_risk: 'Please confirm that you understand the risks of email.',
    authorize: 'Please authorize us to verify the information in this application.',
    too_many: 'You can add up to the maximum shown.',
    confirm_complete: 'Please confirm that your application is complete and that your files are uploaded and legible.',
  },
  fr: {
    ...common.fr,
    must_be_nb: 'La province doit être le Nouveau-Brunswick.',
    declaration: 'Veuillez cocher la case pour confirmer que les renseignements de ce formulaire sont exacts.',
    income_applicant: 'Au moins une source de revenu doit être inscrite pour la personne qui fait la demande.',
    invalid_email: 'Entrez une adresse courriel au bon format, par exemple nom@exemple.ca.',
    invalid_phone: 'Entrez un numéro de téléphone à 10 chiffres, par exemple 506-555-0123.',
    invalid_postal: 'Entrez un code postal au bon format, par exemple E1A 1A1.',
    postal_nb: 'Entrez un code postal du Nouveau-Brunswick (il commence par E).',
    invalid_sin: 'Entrez un numéro d’assurance sociale valide à 9 chiffres.',
    invalid_date: 'Entrez une date valide au format AAAA-MM-JJ.',
    date_future: 'La date de naissance doit être dans le passé.',
    age_adult:
      'Cette personne doit avoir {adult} ans ou plus. Ajoutez-la comme membre du ménage de {minor} ans ou moins.',
    age_minor:
      'Cette personne doit avoir {minor} ans ou moins. Ajoutez-la comme membre du ménage de {adult} ans ou plus.',
    invalid_amount: 'Entrez un montant en dollars, par exemple 850 ou 850,50.',
    negative_amount: 'Le montant ne doit pas être un nombre négatif.',
    invalid_hours: 'Entrez les heures travaillées par semaine, de {hoursMin} à {hoursMax}.',
    invalid_bedrooms: 'Entrez un nombre de chambres de 0 à {bedroomsMax}.',
    prefer_not_alone: 'Cochez « Je préfère ne pas répondre » sans autre réponse, ou décochez cette case.',
    email_risk: 'Veuillez confirmer que vous comprenez les risques liés au courriel.',
    authorize: 'Veuillez nous autoriser à vérifier les renseignements de cette demande.',
    too_many: 'Vous pouvez en ajouter jusqu’au maximum indiqué.',
    confirm_complete:
      'Veuillez confirmer que votre demande est complète et que vos fichiers sont téléversés et lisibles.',
  },
});

const filled = <T extends Record<string, string>>(lang: Lang, templates: T) =>
  Object.fromEntries(Object.entries(templates).map(([k, v]) => [k, fill(lang, v, messageLimits)])) as T;
/** Its placeholders filled with the limits the check applies (src/site/rules/housing-benefit-limits.ts). */
export const applicationMessages = {
  en: /* @__PURE__ */ filled('en', applicationTemplates.en),
  fr: /* @__PURE__ */ filled('fr', applicationTemplates.fr),
};

export function applicationMessage(lang: Lang, code: string): string {
  return (applicationMessages[lang] as Record<string, string>)[code] ?? applicationMessages[lang].invalid;
}

/** The registration's uploads: the spec's messages (size, type, unknown) and the checks on sending. */
export const uploadMessages = /* @__PURE__ */ defineStrings({
  en: {
    too_large: 'File must be 7mb or less.',
    wrong_type: 'File must be of type PDF, JPG, TIFF, or PNG.',
    unknown: 'An unknown error has occured. Please try again.',
    not_found: 'This file was not received or has expired. Please remove it and upload it again.',
    not_finished: 'This file has not finished uploading. Please wait for it to finish or upload it again.',
    already_used: 'This file was already sent with an application. Please upload it again.',
    duplicate: 'This file is listed more than once. Please remove the copy.',
    wrong_group: 'This file was uploaded for another document group. Please upload it again here.',
    bad_metadata: 'This file could not be received: its name or its document group is missing. Please upload it again.',
    refused: 'This upload request could not be completed. Please remove the file and upload it again.',
    client_quota:
      'You have reached the maximum number of files you can upload for now. Please send your application with the files already uploaded, or try again later. For help, call 1-833-733-7835.',
    storage_full:
      'We cannot accept more files right now: the storage space of our server for documents is full. Nothing was saved. Please try again later, or call 1-833-733-7835.',
  },
  fr: {
    too_large: 'Le fichier doit être de 7 Mo ou moins.',
    wrong_type: 'Le fichier doit être de type PDF, JPG, TIFF ou PNG.',
    unknown: 'Une erreur inconnue s’est produite. Veuillez réessayer.',
    not_found: 'Ce fichier n’a pas été reçu ou a expiré. Veuillez le retirer et le téléverser de nouveau.',
    not_finished:
      'Le téléversement de ce fichier n’est pas terminé. Veuillez attendre la fin ou le téléverser de nouveau.',
    already_used: 'Ce fichier a déjà été envoyé avec une demande. Veuillez le téléverser de nouveau.',
    duplicate: 'Ce fichier figure plus d’une fois. Veuillez retirer la copie.',
    wrong_group: 'Ce fichier a été téléversé pour un autre groupe de documents. Veuillez le téléverser de nouveau ici.',
    bad_metadata:
      'Ce fichier n’a pas pu être reçu : son nom ou son groupe de documents manque. Veuillez le téléverser de nouveau.',
    refused: 'Ce téléversement n’a pas pu aboutir. Veuillez retirer le fichier et le téléverser de nouveau.',
    client_quota:
      'Vous avez atteint le nombre maximal de fichiers que vous pouvez téléverser pour le moment. Veuillez envoyer votre demande avec les fichiers déjà téléversés, ou réessayer plus tard. Pour obtenir de l’aide, composez le 1-833-733-7835.',
    storage_full:
      'Nous ne pouvons pas accepter d’autres fichiers pour le moment : l’espace de stockage de notre serveur pour les documents est plein. Rien n’a été enregistré. Veuillez réessayer plus tard ou composer le 1-833-733-7835.',
  },
});

export type UploadMessage = keyof (typeof uploadMessages)['en'];

export const uploadMessage = (lang: Lang, code: UploadMessage): string => uploadMessages[lang][code];
