// Interface strings of the housing benefit registration island, English and French side by side.
// One mechanism (defineStrings): {name} placeholders, filled with fill() from src/i18n.
import { defineStrings } from '../../i18n/define.ts';

const strings = defineStrings({
  en: {
    stepOf: 'Step {n} of {total}',
    requiredNote: 'All questions are required unless they are marked “optional”.',
    optional: '(optional)',
    continue: 'Continue',
    back: 'Back',
    saveAndReturn: 'Save and return to final review',
    errorIntro: 'Correct these answers:',
    // Applicant
    firstName: 'First name',
    preferredName: 'Preferred name',
    middleInitials: 'Middle initials',
    lastName: 'Last name',
    email: 'Email address',
    emailHint: 'We will use it to contact you about your application.',
    phone: 'Telephone',
    phoneHint: '10 digits, for example 506-555-0123',
    cellPhone: 'Cell phone',
    dateOfBirth: 'Date of birth',
    dateHint: 'Format YYYY-MM-DD, for example 1985-07-21',
    gender: 'Gender identity',
    genderSelfDescribe: 'Please describe your gender identity',
    writtenLanguage: 'Written language',
    spokenLanguage: 'Spoken language',
    communication: 'Preferred communication method',
    sin: 'Social insurance number',
    sinHint: '9 digits. It is encrypted when stored and is used only to verify your income.',
    homeAddress: 'Home address',
    mailingAddress: 'Mailing address',
    streetNumber: 'Civic number',
    streetName: 'Street name',
    unit: 'Apartment/unit',
    city: 'City',
    province: 'Province',
    postalCode: 'Postal code',
    postalHint: 'For example E1A 1A1',
    select: 'Select',
    mailingDifferent: 'My mailing address is different from my home address',
    sameAsHome: 'Same as home address',
    // Members
    membersAdultIntro:
      'List everyone 19 or older who lives with you, including your spouse or partner. Leave this empty if there is no one.',
    membersMinorIntro: 'List everyone 18 or younger who lives with you. Leave this empty if there is no one.',
    memberAdult: 'Household member 19 or older {n}',
    memberMinor: 'Household member 18 or younger {n}',
    addAdult: 'Add a household member 19 or older',
    addMinor: 'Add a household member 18 or younger',
    removeMember: 'Remove {name}',
    removeMemberNumber: 'Remove household member {n}',
    relationship: 'Relationship to you',
    noMembers: 'No household members added.',
    memberRemoved: 'Removed: {name}.',
    jobRemoved: 'Job {n} removed.',
    fileRemoved: 'File removed: {name}.',
    // Rental
    monthlyRent: 'Monthly rent',
    dollarsHint: 'In dollars, for example 850',
    utilitiesIncluded: 'Are utilities included in your rent?',
    utilitiesHint: 'If not, enter what you pay each month for each (0 if none).',
    water: 'Monthly water',
    electricity: 'Monthly electricity',
    heat: 'Monthly heat',
    rentalType: 'Type of rental',
    // Employment
    employmentIntro: 'Tell us about each job you have now (up to 3).',
    job: 'Job {n}',
    employer: 'Employer name',
    hoursPerWeek: 'Hours worked per week',
    hourlyRate: 'Rate of pay per hour',
    addJob: 'Add a job',
    removeJob: 'Remove job {n}',
    maxJobs: 'You have added the maximum of 3 jobs.',
    noJobs: 'No jobs added.',
    // Income
    incomeIntro:
      'Enter the income each person received over the past 12 months, in dollars. Leave a box empty if there was none.',
    incomeCaption: 'Income over the past 12 months',
    incomeSource: 'Source of income',
    otherIncomeDescription: 'Describe any other income',
    otherIncomeAmount: 'Amount of other income',
    // Additional
    extraBedrooms: 'Additional bedrooms required for a medical or special condition',
    extraBedroomsHint: 'A number from 0 to 5',
    optionalListsIntro:
      'These questions are optional. Your answers help us improve our programs and do not affect your application.',
    marginalized: 'Do you identify as a member of any of these groups?',
    housingSituation: 'Which describes your current housing situation?',
    programs: 'Which programs do you already receive?',
    barriers: 'What makes it hard for you to find or keep work?',
    barrierOther: 'Describe the other barrier',
    chooseAllOrPreferNot: 'Choose all that apply. Choosing “Prefer not to say” unchecks the other answers.',
    // Consent
    consentIntro: 'Choose what you agree to.',
    contactExperience: 'I agree to be contacted about my experience with this application.',
    shareInformation:
      'I agree that my information may be shared among Social Development programs to assess my eligibility for other help.',
    authorizeVerify:
      'I authorize the Department of Social Development to verify the information in this application, including with the Canada Revenue Agency.',
    emailContact: 'I agree to be contacted by email.',
    emailRisk: 'I understand that email is not a secure way to send personal information and accept that risk.',
    // Declaration
    declarationText:
      'I declare that the information in this form is true and complete. I understand that giving false information may make me ineligible and that I may have to repay benefits I was not entitled to.',
    declaration: 'I confirm the information in this form is correct.',
    // Uploads
    uploadsIntro:
      'Upload clear copies of your documents. Each file must be a PDF, JPG, TIFF or PNG of 7 MB or less. Files are sent one at a time and resume if your connection drops.',
    addFile: 'Add a file',
    removeFile: 'Remove {name}',
    retryFile: 'Retry uploading {name}',
    uploadProgress: 'Upload progress of {name}',
    uploading: 'Uploading…',
    uploaded: 'Uploaded',
    waiting: 'Waiting…',
    failed: 'Not uploaded',
    uploadsPending: 'Wait until your files finish uploading.',
    noFiles: 'No file added.',
    // Review
    reviewIntro: 'Check your answers before you submit your application.',
    pair: '{label}: {value}',
    hoursAWeek: { one: '{n} hour a week', other: '{n} hours a week' },
    change: 'Change',
    changeSection: 'Change the “{step}” section',
    notProvided: 'Not provided',
    none: 'None',
    yes: 'Yes',
    no: 'No',
    noFileWarning:
      'No file was uploaded in the “{group}” section. We will email you to ask for it, which delays processing.',
    incomeBelow:
      'Your household employment income is {amount}. The benefit is for households with employment income from {min} to {max} before tax over the past 12 months. You can still submit, but you may not qualify.',
    incomeAbove:
      'Your household employment income is {amount}. Households with employment income of {over} or more are not eligible. You can still submit, but you may not qualify.',
    legibleNote:
      'If a file is unclear or missing, we will email you to ask you to send it again, which delays processing.',
    confirmComplete:
      'I confirm that this form is complete, that every required file is uploaded, and that each file is clear and legible.',
    submit: 'Submit Form',
    // Dialogs
    confirmTitle: 'Submit your application?',
    confirmText: 'You will not be able to change your answers after you submit.',
    confirmYes: 'Yes, submit',
    cancel: 'Cancel',
    submitting: 'Submitting Form...',
    successTitle: 'CHB Application Submitted',
    successNumber: 'Your application number is {number}.',
    successText:
      'Keep this number. We will contact you about your application using the communication method you chose.',
    returnHome: 'Return to Homepage',
    errorTitle: 'Your application was not sent',
    errorNetwork: 'We could not reach our server. Check your connection and try again: your answers are still here.',
    errorServer: 'Something went wrong on our side. Try again in a few minutes: your answers are still here.',
    errorOffline:
      'You are offline. Sending needs a connection: your answers stay on this page, so you can send them once you are back online.',
    errorInvalid: 'Some answers need your attention. Your answers are still here.',
    close: 'Close',
    tryAgain: 'Try again',
    leaveWarning: 'You have answers that have not been sent. Leave this page?',
    loading: 'Loading the registration form…',
  },
  fr: {
    stepOf: 'Étape {n} sur {total}',
    requiredNote: 'Toutes les questions sont obligatoires, sauf celles marquées « facultatif ».',
    optional: '(facultatif)',
    continue: 'Continuer',
    back: 'Retour',
    saveAndReturn: 'Enregistrer et revenir à la vérification finale',
    errorIntro: 'Corrigez ces réponses :',
    firstName: 'Prénom',
    preferredName: 'Prénom usuel',
    middleInitials: 'Initiales du second prénom',
    lastName: 'Nom de famille',
    email: 'Adresse courriel',
    emailHint: 'Nous l’utiliserons pour communiquer avec vous au sujet de votre demande.',
    phone: 'Numéro de téléphone',
    phoneHint: '10 chiffres, par exemple 506-555-0123',
    cellPhone: 'Téléphone cellulaire',
    dateOfBirth: 'Date de naissance',
    dateHint: 'Format AAAA-MM-JJ, par exemple 1985-07-21',
    gender: 'Identité de genre',
    genderSelfDescribe: 'Veuillez décrire votre identité de genre',
    writtenLanguage: 'Langue écrite',
    spokenLanguage: 'Langue parlée',
    communication: 'Mode de communication préféré',
    sin: 'Numéro d’assurance sociale',
    sinHint: '9 chiffres. Il est chiffré lorsqu’il est conservé et sert uniquement à vérifier votre revenu.',
    homeAddress: 'Adresse du domicile',
    mailingAddress: 'Adresse postale',
    streetNumber: 'Numéro civique',
    streetName: 'Nom de la rue',
    unit: 'Appartement/unité',
    city: 'Ville',
    province: 'Province',
    postalCode: 'Code postal',
    postalHint: 'Par exemple E1A 1A1',
    select: 'Sélectionnez',
    mailingDifferent: 'Mon adresse postale est différente de l’adresse de mon domicile',
    sameAsHome: 'Identique à l’adresse du domicile',
    membersAdultIntro:
      'Indiquez toutes les personnes de 19 ans ou plus qui vivent avec vous, y compris votre conjoint ou conjointe. Laissez cette section vide s’il n’y en a aucune.',
    membersMinorIntro:
      'Indiquez toutes les personnes de 18 ans ou moins qui vivent avec vous. Laissez cette section vide s’il n’y en a aucune.',
    memberAdult: 'Membre {n} du ménage (19 ans ou plus)',
    memberMinor: 'Membre {n} du ménage (18 ans ou moins)',
    addAdult: 'Ajouter un membre du ménage de 19 ans ou plus',
    addMinor: 'Ajouter un membre du ménage de 18 ans ou moins',
    removeMember: 'Retirer {name}',
    removeMemberNumber: 'Retirer le membre {n} du ménage',
    relationship: 'Lien avec vous',
    noMembers: 'Aucun membre du ménage ajouté.',
    memberRemoved: 'Retrait effectué : {name}.',
    jobRemoved: 'Emploi {n} retiré.',
    fileRemoved: 'Fichier retiré : {name}.',
    monthlyRent: 'Loyer mensuel',
    dollarsHint: 'En dollars, par exemple 850',
    utilitiesIncluded: 'Les services publics sont-ils compris dans votre loyer?',
    utilitiesHint: 'Sinon, entrez ce que vous payez chaque mois pour chacun (0 si aucun).',
    water: 'Eau (par mois)',
    electricity: 'Électricité (par mois)',
    heat: 'Chauffage (par mois)',
    rentalType: 'Type de location',
    employmentIntro: 'Parlez-nous de chacun de vos emplois actuels (jusqu’à 3).',
    job: 'Emploi {n}',
    employer: 'Nom de l’employeur',
    hoursPerWeek: 'Heures travaillées par semaine',
    hourlyRate: 'Taux de rémunération horaire',
    addJob: 'Ajouter un emploi',
    removeJob: 'Retirer l’emploi {n}',
    maxJobs: 'Vous avez ajouté le maximum de 3 emplois.',
    noJobs: 'Aucun emploi ajouté.',
    incomeIntro:
      'Entrez le revenu reçu par chaque personne au cours des 12 derniers mois, en dollars. Laissez une case vide s’il n’y en a pas.',
    incomeCaption: 'Revenus des 12 derniers mois',
    incomeSource: 'Source de revenu',
    otherIncomeDescription: 'Décrivez tout autre revenu',
    otherIncomeAmount: 'Montant des autres revenus',
    extraBedrooms: 'Chambres supplémentaires requises pour un problème médical ou un besoin particulier',
    extraBedroomsHint: 'Un nombre de 0 à 5',
    optionalListsIntro:
      'Ces questions sont facultatives. Vos réponses nous aident à améliorer nos programmes et n’ont aucun effet sur votre demande.',
    marginalized: 'Vous identifiez-vous comme membre de l’un de ces groupes?',
    housingSituation: 'Quelles situations décrivent votre logement actuel?',
    programs: 'De quels programmes bénéficiez-vous déjà?',
    barriers: 'Qu’est-ce qui vous empêche de trouver ou de garder un emploi?',
    barrierOther: 'Décrivez l’autre obstacle',
    chooseAllOrPreferNot:
      'Cochez toutes les réponses qui s’appliquent. Si vous cochez « Je préfère ne pas répondre », les autres réponses sont décochées.',
    consentIntro: 'Choisissez ce que vous acceptez.',
    contactExperience: 'J’accepte qu’on communique avec moi au sujet de mon expérience relative à cette demande.',
    shareInformation:
      'J’accepte que mes renseignements soient communiqués entre les programmes de Développement social pour évaluer mon admissibilité à d’autres formes d’aide.',
    authorizeVerify:
      'J’autorise le ministère du Développement social à vérifier les renseignements de cette demande, notamment auprès de l’Agence du revenu du Canada.',
    emailContact: 'J’accepte qu’on communique avec moi par courriel.',
    emailRisk:
      'Je comprends que le courriel n’est pas un moyen sûr d’envoyer des renseignements personnels et j’accepte ce risque.',
    declarationText:
      'Je déclare que les renseignements de ce formulaire sont vrais et complets. Je comprends que fournir de faux renseignements peut me rendre inadmissible et que je pourrais devoir rembourser les sommes auxquelles je n’avais pas droit.',
    declaration: 'Je confirme que les renseignements de ce formulaire sont exacts.',
    uploadsIntro:
      'Téléversez des copies claires de vos documents. Chaque fichier doit être un PDF, JPG, TIFF ou PNG de 7 Mo ou moins. Les fichiers sont envoyés un à un, et l’envoi reprend si votre connexion est interrompue.',
    addFile: 'Ajouter un fichier',
    removeFile: 'Retirer {name}',
    retryFile: 'Réessayer le téléversement de {name}',
    uploadProgress: 'Progression du téléversement de {name}',
    uploading: 'Téléversement…',
    uploaded: 'Téléversé',
    waiting: 'En attente…',
    failed: 'Non téléversé',
    uploadsPending: 'Attendez la fin du téléversement de vos fichiers.',
    noFiles: 'Aucun fichier ajouté.',
    reviewIntro: 'Vérifiez vos réponses avant de présenter votre demande.',
    pair: '{label} : {value}',
    hoursAWeek: { one: '{n} heure par semaine', other: '{n} heures par semaine' },
    change: 'Modifier',
    changeSection: 'Modifier la section « {step} »',
    notProvided: 'Non fourni',
    none: 'Aucun',
    yes: 'Oui',
    no: 'Non',
    noFileWarning:
      'Aucun fichier n’a été téléversé dans la section « {group} ». Nous vous le demanderons par courriel, ce qui retarde le traitement.',
    incomeBelow:
      'Le revenu d’emploi de votre ménage est de {amount}. L’allocation s’adresse aux ménages dont le revenu d’emploi des 12 derniers mois se situe entre {min} et {max} avant impôt. Vous pouvez quand même présenter votre demande, mais vous pourriez ne pas être admissible.',
    incomeAbove:
      'Le revenu d’emploi de votre ménage est de {amount}. Les ménages dont le revenu d’emploi est de {over} ou plus ne sont pas admissibles. Vous pouvez quand même présenter votre demande, mais vous pourriez ne pas être admissible.',
    legibleNote:
      'Si un fichier est illisible ou manquant, nous vous demanderons par courriel de l’envoyer de nouveau, ce qui retarde le traitement.',
    confirmComplete:
      'Je confirme que ce formulaire est complet, que tous les fichiers requis sont téléversés et que chaque fichier est clair et lisible.',
    submit: 'Envoyer la demande',
    confirmTitle: 'Envoyer votre demande?',
    confirmText: 'Vous ne pourrez plus modifier vos réponses après l’envoi.',
    confirmYes: 'Oui, envoyer',
    cancel: 'Annuler',
    submitting: 'Envoi du formulaire…',
    successTitle: 'Demande d’ACL présentée',
    successNumber: 'Votre numéro de demande est le {number}.',
    successText:
      'Conservez ce numéro. Nous communiquerons avec vous au sujet de votre demande par le mode de communication que vous avez choisi.',
    returnHome: 'Retour à la page d’accueil',
    errorTitle: 'Votre demande n’a pas été envoyée',
    errorNetwork:
      'Nous n’avons pas pu joindre notre serveur. Vérifiez votre connexion et réessayez : vos réponses sont toujours là.',
    errorServer:
      'Un problème est survenu de notre côté. Réessayez dans quelques minutes : vos réponses sont toujours là.',
    errorOffline:
      'Vous êtes hors ligne. L’envoi exige une connexion : vos réponses restent sur cette page, et vous pourrez les envoyer une fois de retour en ligne.',
    errorInvalid: 'Certaines réponses doivent être corrigées. Vos réponses sont toujours là.',
    close: 'Fermer',
    tryAgain: 'Réessayer l’envoi',
    leaveWarning: 'Certaines réponses n’ont pas été envoyées. Quitter cette page?',
    loading: 'Chargement du formulaire de demande…',
  },
});

const stepTitles = defineStrings({
  en: {
    applicant: 'Primary applicant',
    members19Plus: 'Household members 19 or older',
    members18Under: 'Household members 18 or younger',
    rental: 'Rental information',
    employment: 'Employment income',
    otherIncome: 'Other income',
    additional: 'Additional information',
    consent: 'Consent',
    declaration: 'Declaration',
    uploads: 'Upload supporting information',
    review: 'Final review',
  },
  fr: {
    applicant: 'Personne qui fait la demande',
    members19Plus: 'Membres du ménage de 19 ans ou plus',
    members18Under: 'Membres du ménage de 18 ans ou moins',
    rental: 'Renseignements sur la location',
    employment: 'Revenu d’emploi',
    otherIncome: 'Autres revenus',
    additional: 'Renseignements supplémentaires',
    consent: 'Consentement',
    declaration: 'Déclaration',
    uploads: 'Téléverser les pièces justificatives',
    review: 'Vérification finale',
  },
});

const groupTitles = defineStrings({
  en: {
    directDeposit: 'Direct deposit form',
    rental: 'Rental information',
    employment: 'Employment income proof',
    householdIncome: 'Household income proof',
  },
  fr: {
    directDeposit: 'Formulaire de dépôt direct',
    rental: 'Renseignements sur la location',
    employment: 'Preuve de revenu d’emploi',
    householdIncome: 'Preuve du revenu du ménage',
  },
});

const groupHints = defineStrings({
  en: {
    directDeposit: 'A completed direct deposit form or a void cheque.',
    rental:
      'One of: a rent receipt, a rent increase notice, a lease signed within the past 12 months, or a signed rental declaration.',
    employment: 'Four consecutive recent pay stubs, or a letter from your employer dated within the past 30 days.',
    householdIncome: 'The latest notice of assessment for each adult in your household.',
  },
  fr: {
    directDeposit: 'Un formulaire de dépôt direct rempli ou un chèque annulé.',
    rental:
      'L’un des documents suivants : un reçu de loyer, un avis d’augmentation de loyer, un bail signé au cours des 12 derniers mois ou une déclaration de location signée.',
    employment:
      'Quatre talons de paie consécutifs récents, ou une lettre de votre employeur datée des 30 derniers jours.',
    householdIncome: 'Le dernier avis de cotisation de chaque adulte de votre ménage.',
  },
});

const uploadGroupsOf = (lang: 'en' | 'fr') =>
  Object.fromEntries(
    Object.keys(groupTitles.en).map((g) => [
      g,
      { title: groupTitles[lang][g as UploadGroup], hint: groupHints[lang][g as UploadGroup] },
    ]),
  ) as Record<UploadGroup, { title: string; hint: string }>;
type UploadGroup = keyof typeof groupTitles.en;

export const registrationStrings = {
  en: { ...strings.en, steps: stepTitles.en, uploadGroups: uploadGroupsOf('en') },
  fr: { ...strings.fr, steps: stepTitles.fr, uploadGroups: uploadGroupsOf('fr') },
};
export type RegistrationStrings = (typeof registrationStrings)['en'];
