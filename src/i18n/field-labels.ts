// The names editors know a content field by (the labels of the CMS's edit form), per language, for
// the messages that name a field: the publishing page's official-languages report and the draft
// preview's refusals. A field path is an entry's key (`about`, `faq.0.question`) or the CMS's
// machine name (`field_program_type`); a field without a label keeps its machine name.
import type { Lang } from './languages.ts';

const LABELS: Record<string, { en: string; fr: string }> = {
  title: { en: 'Title', fr: 'Titre' },
  body: { en: 'Body', fr: 'Corps du texte' },
  about: { en: 'About', fr: 'À propos' },
  shortDescription: { en: 'Short description', fr: 'Description courte' },
  aboutShortDescription: { en: 'Short description', fr: 'Description courte' },
  description: { en: 'Description', fr: 'Description' },
  intro: { en: 'Introduction', fr: 'Introduction' },
  programType: { en: 'Program type', fr: 'Type de programme' },
  whoQualifies: { en: 'Who qualifies', fr: 'Qui est admissible' },
  whoQualifiesIndividuals: { en: 'Who qualifies (individuals)', fr: 'Qui est admissible (personnes seules)' },
  whoQualifiesFamilies: { en: 'Who qualifies (families)', fr: 'Qui est admissible (familles)' },
  whoIsExcluded: { en: 'Who is not eligible', fr: 'Qui n’est pas admissible' },
  howToApply: { en: 'How to apply', fr: 'Comment présenter une demande' },
  applySteps: { en: 'Steps to apply', fr: 'Étapes de la demande' },
  applyOnline: { en: 'Apply online', fr: 'Demande en ligne' },
  applyByMail: { en: 'Apply by mail', fr: 'Demande par la poste' },
  whatYouNeed: { en: 'What you need', fr: 'Ce dont vous avez besoin' },
  whatToBring: { en: 'What to bring', fr: 'Ce qu’il faut apporter' },
  documents: { en: 'Documents', fr: 'Documents' },
  faq: { en: 'Frequently asked questions', fr: 'Foire aux questions' },
  question: { en: 'question', fr: 'question' },
  answer: { en: 'answer', fr: 'réponse' },
  contacts: { en: 'Contacts', fr: 'Coordonnées' },
  mapType: { en: 'Map', fr: 'Carte' },
  related: { en: 'Related programs', fr: 'Programmes connexes' },
  relatedPrograms: { en: 'Related programs', fr: 'Programmes connexes' },
  categories: { en: 'Categories', fr: 'Catégories' },
  programCategories: { en: 'Categories', fr: 'Catégories' },
  checklist: { en: 'Checklist', fr: 'Liste de vérification' },
  sections: { en: 'Sections', fr: 'Sections' },
  otherSupport: { en: 'Other support', fr: 'Autre soutien' },
  submissionOptions: { en: 'Ways to submit', fr: 'Façons d’envoyer la demande' },
  sampleNote: { en: 'Sample note', fr: 'Note sur l’exemple' },
  programLinkText: { en: 'Program link text', fr: 'Texte du lien vers le programme' },
  image: { en: 'Image', fr: 'Image' },
  imageLarge: { en: 'Large image', fr: 'Grande image' },
  alt: { en: 'alternative text', fr: 'texte de remplacement' },
  name: { en: 'Name', fr: 'Nom' },
  phone: { en: 'Phone', fr: 'Téléphone' },
  address: { en: 'Address', fr: 'Adresse' },
  keywords: { en: 'Search keywords', fr: 'Mots clés de recherche' },
  searchKeywords: { en: 'Search keywords', fr: 'Mots clés de recherche' },
  finderRelevant: { en: 'Finder answers that suggest it', fr: 'Réponses du répertoire qui le proposent' },
  finderExcludes: { en: 'Finder answers that rule it out', fr: 'Réponses du répertoire qui l’excluent' },
  facilityType: { en: 'Facility type', fr: 'Type d’établissement' },
  vanityUrl: { en: 'Short address', fr: 'Adresse courte' },
  vanityTargetLink: { en: 'Short address target', fr: 'Destination de l’adresse courte' },
};

/** The CMS's machine name as an entry key: `field_program_type` → `programType`. */
const entryKey = (segment: string) => {
  let key = segment.replace(/^field_/, '');
  // A loop, not /_+$/ (polynomial on a long run of underscores).
  while (key.endsWith('_')) key = key.slice(0, -1);
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
};

/** « Foire aux questions, élément 2, réponse » for `faq.1.answer`; the machine name when unknown. */
export function fieldLabel(lang: Lang, path: string): string {
  const parts = path.split('.').filter(Boolean);
  const first = parts[0] ? LABELS[entryKey(parts[0])] : undefined;
  if (!first) return path;
  const rest = parts.slice(1).map((part) => {
    if (/^\d+$/.test(part)) return lang === 'fr' ? `élément ${Number(part) + 1}` : `item ${Number(part) + 1}`;
    return LABELS[entryKey(part)]?.[lang] ?? part;
  });
  return [first[lang], ...rest].join(', ');
}
