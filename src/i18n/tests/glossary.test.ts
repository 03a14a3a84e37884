// One term per thing: no French string of the interface or of the snapshot's French content uses
// a variant the glossary (src/i18n/glossary.ts) replaces.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { glossary, glossaryProblems } from '../glossary.ts';
import { interfaceStrings } from './interface-strings.ts';

const snapshotDir = path.resolve(import.meta.dirname, '../../../scripts/local-cms/snapshot/fr');
// Fields that are not text for the reader: addresses of pages and files, ids, codes, keywords.
const notText = new Set([
  'field_search_keywords',
  'path',
  'alias',
  'uri',
  'url',
  'id',
  'type',
  'langcode',
  'format',
  'value',
  'filename',
  'filemime',
  'field_code',
  'field_facility_type',
  'field_map_type',
  'field_vanity_url',
]);

function snapshotTexts(): Array<{ source: string; text: string }> {
  const out: Array<{ source: string; text: string }> = [];
  const walk = (v: unknown, where: string, key: string) => {
    if (typeof v === 'string') {
      // Paths and links (a vanity node's title is its path) are not prose.
      if (!notText.has(key) && !/^(?:\/|internal:|https?:)/.test(v))
        out.push({ source: where, text: v.replace(/<[^>]+>/g, ' ') });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${where}.${k}`, k);
  };
  for (const file of readdirSync(snapshotDir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(path.join(snapshotDir, file), 'utf8')) as { data?: unknown[] } | unknown[];
    const items = Array.isArray(doc) ? doc : (doc.data ?? []);
    items.forEach((item, i) => walk((item as { attributes?: unknown }).attributes, `${file}[${i}]`, ''));
  }
  return out;
}

describe('glossary', () => {
  it('each preferred French term is not itself a replaced variant', () => {
    for (const entry of glossary) {
      for (const re of entry.replaces)
        expect(re.test(entry.fr), `${entry.en}: ${String(re)} matches « ${entry.fr} »`).toBe(false);
    }
  });

  it('finds a replaced variant (the check can fail)', () => {
    expect(
      glossaryProblems('Revenu avant impôts du demandeur, catégorie Abus et négligence').map((p) => p.use),
    ).toEqual(['avant impôt', 'mauvais traitements (et négligence)', 'personne qui fait la demande']);
    expect(glossaryProblems('La prestation est versée', ['housing-benefit'])).toHaveLength(1);
    expect(glossaryProblems('La prestation est versée')).toHaveLength(0);
  });

  // Each defect a French reading found, as it was written: the glossary catches every one again.
  it.each([
    ['Chargement du formulaire d’inscription…', 'demande, formulaire de demande'],
    ['Allocation canadienne pour le logement : inscription en ligne', 'demande, formulaire de demande'],
    ['Aide pour les personnes handicapées', 'personnes ayant un handicap'],
    ['Répit pour les aidants', 'proches aidants (personne proche aidante)'],
    ['Composer le 2-1-1', '211'],
    ['Une construction est en cours.', 'génération'],
    ['Des chauffeurs bénévoles qui vous conduisent', 'chauffeuses et chauffeurs bénévoles'],
    ['Cette page est réservée aux rédacteurs.', 'rédactrices et rédacteurs'],
    ['De quoi ai-je besoin', 'Ce dont vous avez besoin, Pourriez-vous être admissible?'],
    ['Suis-je admissible?', 'Ce dont vous avez besoin, Pourriez-vous être admissible?'],
    ['Quelqu’un peut-il présenter une demande pour moi?', 'Ce dont vous avez besoin, Pourriez-vous être admissible?'],
    ['avec le supplément au loyer, vous louez d’un propriétaire privé', 'louer un logement auprès d’un propriétaire'],
    ['Consultez qui est admissible à l’Allocation', 'Vérifiez qui est admissible'],
    ['appelez ou textez le 988', 'envoyer un texto'],
    ['Contactez-nous', 'Nous joindre'],
    [
      'a-t-il ses propres coin nuit, salle de séjour, cuisine et salle de bain?',
      'son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain',
    ],
    ['6+', '6 ou plus'],
    ['Inscrivez le revenu d’emploi de votre ménage.', 'Entrez'],
    ['les prothèses auditives pour les prestataires d’aide.', 'personnes prestataires d’aide sociale'],
    ['Faire une demande', 'Présenter une demande'],
    [
      'Il manque la version dans l’autre langue pour 2 page(s).',
      '1 page, 2 pages (the plural form for the count, with fill())',
    ],
    // Issue 46, the second French reading.
    ['Programmes de mieux-être pour les aînés', 'personnes aînées (personne aînée)'],
    ['signalement concernant une personne âgée', 'personnes aînées (personne aînée)'],
    ['Prestation pour les aînés à faible revenu', 'Prestation pour personnes âgées à faible revenu'],
    ['des prestations comme le crédit pour la TPS et les allocations', 'crédit pour la TPS/TVH'],
    ['Vérifiez vos réponses avant de soumettre votre demande.', 'présenter une demande (envoyer le formulaire)'],
    ['Demande d’ACL soumise', 'présenter une demande (envoyer le formulaire)'],
    ['Trop de demandes sont venues de votre adresse.', 'envoi, téléversement'],
    ['Cette demande de téléversement n’a pas pu aboutir.', 'envoi, téléversement'],
    ['Vos niveaux de soutien estimés', 'niveau d’aide'],
    ['Des soutiens pour les familles', 'du soutien, des services de soutien'],
    ['planifie avec vous vos soutiens', 'du soutien, des services de soutien'],
    ['Votre contribution mensuelle serait de 1 208 $. Le ministère paie le reste.', 'le ministère paierait le reste'],
    ['Selon votre revenu, aucune aide financière ne s’applique', 'vous n’auriez droit à aucune aide financière'],
    ['En plus d’une chambre, le personnel aide gratuitement', 'En plus de vous offrir une chambre, le personnel…'],
    ['Modification de la page de vérification de l’admissibilité', 'la page de présélection'],
    ['Personnes aînées (Page 2 sur 3)', '(page n sur N)'],
    ['Modifier « Aide » dans le CMS', 'système de gestion de contenu'],
  ])('catches « %s »', (text, use) => {
    expect(glossaryProblems(text).map((p) => p.use)).toContain(use);
  });

  it('leaves the preferred terms and what is not the same thing alone', () => {
    for (const ok of [
      'Formulaire de demande en ligne',
      'Programme de soutien aux personnes ayant un handicap',
      'Guide pour les proches aidants; une personne proche aidante peut vous aider',
      'Composez le 211',
      'Les chauffeuses et chauffeurs bénévoles',
      'vous pouvez vous inscrire vous-même à la popote roulante',
      'Personne 2ELGBTQI+',
      'Télé-Soins 811',
      'Inscrivez-vous à la popote roulante',
      'pour les personnes prestataires d’aide sociale',
      'Programmes de mieux-être pour les personnes aînées',
      'Personne aînée (65 ans ou plus)',
      'Prestation pour personnes âgées à faible revenu',
      'le crédit pour la TPS/TVH',
      'le portail Soutiens sociaux NB',
      'Personnes aînées (page 2 sur 3)',
    ])
      expect(glossaryProblems(ok), ok).toEqual([]);
  });

  it('no French interface string uses a replaced term', () => {
    const strings = interfaceStrings('fr');
    expect(strings.length).toBeGreaterThan(400);
    const problems = strings.flatMap(({ source, text, scopes }) =>
      glossaryProblems(text, scopes).map((p) => `${source}: « ${p.found} » → « ${p.use} » in « ${text} »`),
    );
    expect(problems).toEqual([]);
  });

  it('no French text of the CMS snapshot uses a replaced term', () => {
    const texts = snapshotTexts();
    expect(texts.length).toBeGreaterThan(300);
    // Text about the housing benefit is in scope for « prestation ».
    const problems = texts.flatMap(({ source, text }) => {
      const scopes = /allocation canadienne pour le logement/i.test(text) ? (['housing-benefit'] as const) : [];
      return glossaryProblems(text, [...scopes]).map(
        (p) => `${source}: « ${p.found} » → « ${p.use} » in « ${text.slice(0, 160)} »`,
      );
    });
    expect(problems).toEqual([]);
  });
});
