// One French term per thing. Each entry gives the English term, the French term this site uses,
// and the French variants it replaces (as patterns over French text). src/i18n/tests/glossary.test.ts
// fails when a French interface string or French CMS text of the snapshot uses a replaced variant.
// Search keywords are not checked: they hold the words people type, variants included.
// Sources: Termium Plus, the Government of New Brunswick's French usage, and the official name of
// each program.

export interface GlossaryEntry {
  en: string;
  fr: string;
  /** French variants this site does not use for this thing. */
  replaces: RegExp[];
  /** Checked only in text about the Canada Housing Benefit (where "prestation" would name it). */
  scope?: 'housing-benefit';
  note?: string;
}

export const glossary: GlossaryEntry[] = [
  {
    en: 'Canada Housing Benefit (the benefit)',
    fr: 'Allocation canadienne pour le logement (l’allocation)',
    replaces: [/prestation canadienne pour le logement/i, /\bPCL\b/],
    note: 'Official federal-provincial name; « l’allocation » for short.',
  },
  {
    en: 'the benefit (Canada Housing Benefit)',
    fr: 'l’allocation',
    scope: 'housing-benefit',
    replaces: [/\bprestations?\b/i],
    note: 'In text about the Canada Housing Benefit, « prestation » would name a second thing.',
  },
  { en: 'before tax', fr: 'avant impôt', replaces: [/avant (?:les )?impôts\b/i] },
  {
    en: 'abuse (and neglect)',
    fr: 'mauvais traitements (et négligence)',
    replaces: [/\babus\b/i],
    note: '« Abus » in this sense is an anglicism; « maltraité » (verb) stays.',
  },
  {
    en: 'spouse, spouse/partner',
    fr: 'conjoint ou conjointe',
    replaces: [
      /conjoint ou conjointe\s*\/\s*partenaire/i,
      /conjoint ou partenaire/i,
      /\bconjoint\b(?!\s+ou\s+(?:\S+\s+){0,2}conjointe)/i,
    ],
  },
  {
    en: 'applicant',
    fr: 'personne qui fait la demande',
    replaces: [/\bdemandeur\b/i, /\bdemandeuse\b/i, /\brequérant/i],
  },
  {
    en: 'social worker',
    fr: 'travailleuse sociale ou travailleur social',
    replaces: [/(?<!travailleuse sociale ou (?:d’)?)\b(?:un|d’un|le) travailleur social\b/i],
  },
  { en: 'Select (list prompt)', fr: 'Sélectionnez', replaces: [/^Sélectionner…?$/] },
  { en: '19 or older', fr: '19 ans ou plus', replaces: [/\b\d+ ans et plus\b/] },
  {
    en: 'navigator (the program-finding tool)',
    fr: 'répertoire des programmes',
    replaces: [/navigateur Soutiens sociaux/i, /\b(?:avec|dans) le navigateur\b/i],
    note: '« navigateur » is kept for the web browser (« votre navigateur »).',
  },
  { en: 'Ready to apply?', fr: 'Vous voulez présenter une demande?', replaces: [/\bPrêt à présenter\b/i] },
  { en: 'You are not alone (neutral)', fr: 'De l’aide est à votre portée', replaces: [/Vous n’êtes pas seule\b/] },
  { en: 'live alone', fr: 'vivre seul ou seule', replaces: [/\bviv\w* (?:chez vous )?seul\b(?! ou seule)/i] },
  { en: 'Page/Step n of N', fr: 'Page/Étape n sur N', replaces: [/\b(?:Page|Étape) \d+ de \d+/] },
  { en: 'a real date', fr: 'une date valide', replaces: [/date réelle/i] },
  { en: 'make a difference', fr: 'jouer un rôle essentiel, changer les choses', replaces: [/font une différence/i] },
  { en: 'Submitting...', fr: 'Envoi…', replaces: [/\.\.\./], note: 'The ellipsis is one character (…).' },
  { en: 'email', fr: 'courriel', replaces: [/\be-?mail\b/i] },
  { en: 'upload', fr: 'téléverser', replaces: [/\bupload/i] },
  { en: 'chat', fr: 'clavarder, clavardage', replaces: [/\bchatter\b/i] },
  { en: 'notice of assessment', fr: 'avis de cotisation', replaces: [/avis d’évaluation/i] },
  {
    en: 'Meals on Wheels',
    fr: 'popote roulante',
    replaces: [/repas sur roues/i],
    note: 'The service; a real group keeps the name it writes itself (« Meals on Wheels of Fredericton »).',
  },
  {
    en: 'application, registration (Canada Housing Benefit)',
    fr: 'demande, formulaire de demande',
    replaces: [/formulaire d[’']inscription/i, /\binscription en ligne\b/i, /\bS[’']inscrire avec notre formulaire/i],
    note: 'One term for the benefit application; « s’inscrire » stays for signing up to a service (popote roulante).',
  },
  {
    en: 'persons with disabilities',
    fr: 'personnes ayant un handicap',
    replaces: [/\bhandicapée?s?\b/i],
    note: 'The form of the official program name (Programme de soutien aux personnes ayant un handicap).',
  },
  {
    en: 'caregivers',
    fr: 'proches aidants (personne proche aidante)',
    replaces: [/(?<!\bproches?\s)\baidants?\b/i, /\baidants? naturels?\b/i],
  },
  { en: '211 (the number)', fr: '211', replaces: [/\b2-1-1\b/], note: 'English keeps the spec’s « Dial 2-1-1 ».' },
  {
    en: 'build (of the site, publishing page)',
    fr: 'génération',
    replaces: [/\bconstructions?\b/i],
  },
  {
    en: 'volunteer drivers (inclusive)',
    fr: 'chauffeuses et chauffeurs bénévoles',
    replaces: [/(?<!chauffeuses et )\bchauffeurs\b/i],
    note: 'Both forms where the body names people by role, as the department writes it.',
  },
  {
    en: 'editors (inclusive)',
    fr: 'rédactrices et rédacteurs',
    replaces: [/(?<!rédactrices et )\brédacteurs\b/i],
  },
  {
    en: 'What do I need / Might I qualify? (questions to the reader)',
    fr: 'Ce dont vous avez besoin, Pourriez-vous être admissible?',
    replaces: [/\b(?:ai|suis|puis|dois|peux)-je\b/i, /\bpour moi\s*\?/i, /s[’']adresse-t-elle à moi/i],
    note: 'The site says « vous » to the reader; first person stays only in statements the reader signs (« J’accepte »).',
  },
  {
    en: 'rent from a landlord',
    fr: 'louer un logement auprès d’un propriétaire',
    replaces: [/\blou\w* d[’']un propriétaire/i],
    note: '« louer de » is a calque of "rent from".',
  },
  { en: 'See who qualifies', fr: 'Vérifiez qui est admissible', replaces: [/\bconsultez qui\b/i] },
  { en: 'text (a number)', fr: 'envoyer un texto', replaces: [/\btext(?:ez|er)\b/i] },
  { en: 'Contact us', fr: 'Nous joindre', replaces: [/\bContactez-nous\b/i] },
  {
    en: 'its own sleeping area, living area, kitchen and bathroom',
    fr: 'son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain',
    replaces: [/\bses propres coin\b/i],
    note: '« propres » cannot agree with singular nouns.',
  },
  { en: '6+ (in a list)', fr: '6 ou plus', replaces: [/\b\d+\+(?![\w+])/] },
  {
    en: 'Enter (a value in a field)',
    fr: 'Entrez',
    replaces: [/\bInscrivez\b(?!-vous)/i],
    note: 'Every form says « Entrez… »; « inscrivez-vous » stays for signing up to a service.',
  },
  {
    en: 'people on social assistance',
    fr: 'personnes prestataires d’aide sociale',
    replaces: [/\bprestataires d[’']aide\b(?! sociale)/i],
  },
  { en: 'Apply (a button)', fr: 'Présenter une demande', replaces: [/\bFaire une demande\b/i] },
  {
    en: 'seniors',
    fr: 'personnes aînées (personne aînée)',
    replaces: [/(?<!\bpersonnes? )\baîné(?:e|s|es)?\b/i, /(?<!\bPrestation pour )\bpersonnes? âgées?\b/i],
    note: 'Inclusive running text; « personnes âgées » stays only in the official « Prestation pour personnes âgées à faible revenu ».',
  },
  {
    en: 'Low-Income Seniors’ Benefit',
    fr: 'Prestation pour personnes âgées à faible revenu',
    replaces: [/\bPrestation pour (?:les )?(?:aînés|personnes aînées|les personnes âgées) à faible revenu/i],
    note: 'The benefit’s official name.',
  },
  {
    en: 'GST/HST credit',
    fr: 'crédit pour la TPS/TVH',
    replaces: [/\bcrédit (?:pour la |de )?TPS\b(?!\/TVH)/i],
    note: 'The Canada Revenue Agency’s name.',
  },
  {
    en: 'submit an application',
    fr: 'présenter une demande (envoyer le formulaire)',
    replaces: [/\bsoumet\w*\b/i, /\bsoumise?s?\b/i],
    note: 'One verb for the application beside « présenter une demande »; « envoyer » for the act of sending.',
  },
  {
    en: 'request (HTTP), upload request',
    fr: 'envoi, téléversement',
    replaces: [/\btrop de demandes\b/i, /\bdemande de téléversement\b/i, /\bla demande n[’']est pas dans le format\b/i],
    note: '« demande » names the application on this site, never an HTTP request.',
  },
  {
    en: 'level of help',
    fr: 'niveau d’aide',
    replaces: [/\bniveaux? de soutien\b/i],
    note: 'The calculator’s table and its title use one term.',
  },
  {
    en: 'supports (a countable plural)',
    fr: 'du soutien, des services de soutien',
    replaces: [/\b(?:des|vos|ses|nos|leurs|les|de) soutiens\b(?! (?:sociaux|à domicile))/i],
    note: '« soutien » is not countable in French; « Soutiens sociaux NB » is a name.',
  },
  {
    en: 'the department pays the rest (after a conditional)',
    fr: 'le ministère paierait le reste',
    replaces: [/\bpaie le reste\b/i],
  },
  {
    en: 'no financial help applies',
    fr: 'vous n’auriez droit à aucune aide financière',
    replaces: [/\baide[^.]{0,30}\bne s[’']applique\b/i],
    note: '« s’appliquer » for help is a calque of "applies".',
  },
  {
    en: 'In addition to a room, staff… (dangling)',
    fr: 'En plus de vous offrir une chambre, le personnel…',
    replaces: [/\bEn plus d[’'](?:un|une) [^,]{1,30}, (?:le|la|les) /i],
    note: 'The opening phrase must have the sentence’s subject.',
  },
  {
    en: 'the screening page',
    fr: 'la page de présélection',
    replaces: [/\bpage de vérification de l[’']admissibilité/i],
    note: 'The page’s one name, as its title says.',
  },
  {
    en: 'CMS (content management system)',
    fr: 'système de gestion de contenu',
    replaces: [/\bCMS\b/],
    note: 'Said in words to editors (the publishing page, the preview); setting names such as CMS_URL are not words.',
  },
  {
    en: '(Page n of N) in a title',
    fr: '(page n sur N)',
    replaces: [/\(Page \d+ sur \d+\)/],
    note: 'A page number inside a title is not capitalised in French.',
  },
  {
    en: 'page(s) (a count)',
    fr: '1 page, 2 pages (the plural form for the count, with fill())',
    replaces: [/\p{L}\(s\)/u],
  },
];

/** Every replaced variant found in a French text, with the entry that replaces it. */
export function glossaryProblems(
  text: string,
  scopes: ReadonlyArray<NonNullable<GlossaryEntry['scope']>> = [],
): Array<{ found: string; use: string }> {
  const out: Array<{ found: string; use: string }> = [];
  for (const entry of glossary) {
    if (entry.scope && !scopes.includes(entry.scope)) continue;
    for (const re of entry.replaces) {
      const m = re.exec(text);
      if (m) out.push({ found: m[0], use: entry.fr });
    }
  }
  return out;
}
