// Writes scripts/local-cms/snapshot/ from the compact sources here (programs.mjs, pages.mjs).
// Run: ./node_modules/.bin/node scripts/local-cms/snapshot-source/generate.mjs
import { createHash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { programs } from './programs.mjs';
import { programText } from './program-text.mjs';
import { categories, complexPages, landingPages, pages, simplePages, vanities } from './pages.mjs';
import { facilities, frenchNamed } from './facilities.mjs';
import { screening } from './screening.mjs';
import { calculatorSettings } from './calculator-settings.mjs';
import { finderTags } from './finder-tags.mjs';

const out = path.resolve(import.meta.dirname, '../snapshot');
const PHONE = '1-833-733-7835';

// The department's page on gnb.ca, in each language (the French one has its own French address).
const departmentPage = {
  en: 'https://www2.gnb.ca/content/gnb/en/departments/social_development.html',
  fr: 'https://www2.gnb.ca/content/gnb/fr/ministeres/developpement_social.html',
};

function uuid(name) {
  const h = createHash('sha1').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const text = (html) => ({ value: html, format: 'basic_html', processed: html });
const ref = (type, id, meta) => ({ type, id, ...(meta ? { meta } : {}) });
const changed = (i) =>
  `2026-${String((i % 9) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}T14:00:00+00:00`;

const en = {},
  fr = {};
const add = (bucket, type, resource) => (bucket[type] ??= []).push(resource);

// Categories and page scope
const catId = Object.fromEntries(categories.map(([slug]) => [slug, uuid(`category:${slug}`)]));
categories.forEach(([slug, nameEn, nameFr, descEn, descFr], i) => {
  for (const [bucket, lang, name, desc] of [
    [en, 'en', nameEn, descEn],
    [fr, 'fr', nameFr, descFr],
  ]) {
    add(bucket, 'taxonomy_term--categories', {
      type: 'taxonomy_term--categories',
      id: catId[slug],
      attributes: {
        drupal_internal__tid: i + 1,
        langcode: lang,
        name,
        description: text(`<p>${desc}</p>`),
        weight: i,
        path: { alias: `/category/${slug}`, langcode: lang },
      },
    });
  }
});
const scopeId = uuid('page_scope:s');
add(en, 'taxonomy_term--page_scope', {
  type: 'taxonomy_term--page_scope',
  id: scopeId,
  attributes: { langcode: 'en', name: 'Social Development', field_code: 's' },
});
add(fr, 'taxonomy_term--page_scope', {
  type: 'taxonomy_term--page_scope',
  id: scopeId,
  attributes: { langcode: 'fr', name: 'Développement social', field_code: 's' },
});

// Images (solid-colour illustrations generated with sharp)
const sharp = (await import('sharp')).default;
mkdirSync(path.join(out, 'files'), { recursive: true });
const palette = ['#00487a', '#2e7d32', '#6a1b9a', '#b23c17', '#00695c', '#37474f', '#8d6e00', '#1565c0'];
const imageIds = [];
for (let i = 0; i < palette.length; i++) {
  const name = `program-${i + 1}.jpg`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="${palette[i]}"/><circle cx="${200 + i * 50}" cy="225" r="140" fill="#ffffff" fill-opacity="0.18"/><rect x="420" y="120" width="260" height="210" rx="24" fill="#ffffff" fill-opacity="0.25"/></svg>`;
  await sharp(Buffer.from(svg))
    .jpeg({ quality: 70 })
    .toFile(path.join(out, 'files', name));
  const id = uuid(`file:${name}`);
  imageIds.push(id);
  add(en, 'file--file', {
    type: 'file--file',
    id,
    attributes: {
      langcode: 'en',
      filename: name,
      uri: { value: `public://${name}`, url: `/sites/default/files/${name}` },
      filemime: 'image/jpeg',
      filesize: statSync(path.join(out, 'files', name)).size,
    },
  });
}

// Programs
const progId = Object.fromEntries(programs.map(([slug]) => [slug, uuid(`program:${slug}`)]));

// The sample text every program shares, per language: who qualifies, what to bring, the FAQ, the
// contact line. Government programs start with the department's line; community services with
// 211, which knows the organization nearest you.
const sharedProgramText = {
  en: {
    // What each kind of program can truthfully say: a department program decides on an
    // application; a community service is asked directly, with no application or decision.
    whoQualifies: {
      g: `<p>You may qualify if you:</p><ul><li>live in New Brunswick;</li><li>meet this program’s criteria, which Social Development checks with you when you call;</li><li>are not already receiving the same help from another program.</li></ul>`,
      c: `<p>This service is offered by community organizations. Each one decides who it serves and whether there is a fee: ask when you call.</p>`,
    },
    stepsByPhone: [
      `Call Social Development at ${PHONE}.`,
      'Answer a few questions about your situation so we can check that you qualify.',
      'Send the documents we ask for.',
      'We review your application and tell you the decision in writing.',
    ],
    stepsVia211: [
      'Dial 211 to find the organization nearest you, or call it directly.',
      'Tell them what help you need.',
      'Ask what to bring to your first visit.',
    ],
    whatYouNeed:
      '<ul><li>Your New Brunswick Medicare card</li><li>Proof of income for everyone in your household (for example, your latest notice of assessment)</li><li>Proof of address</li></ul>',
    guideTitle: () => 'Social Development on gnb.ca (web page)',
    faq: {
      g: [
        {
          question: 'How long does it take to get a decision?',
          answer: '<p>Most decisions are made within 30 days of receiving a complete application.</p>',
        },
        {
          question: 'Can someone apply for me?',
          answer: '<p>Yes. A family member or caregiver can help you apply with your permission.</p>',
        },
      ],
      c: [
        {
          question: 'Do I need a referral?',
          answer: '<p>No. You can call the organization yourself, or dial 211 to find the one nearest you.</p>',
        },
        {
          question: 'Can someone call for me?',
          answer: '<p>Yes. A family member or caregiver can call for you with your permission.</p>',
        },
      ],
    },
    contacts: `<p>Social Development: <a href="tel:18337337835">${PHONE}</a> (toll-free), Monday to Friday, 8:15 a.m. to 4:30 p.m.</p>`,
  },
  fr: {
    whoQualifies: {
      g: `<p>Vous pourriez être admissible si vous :</p><ul><li>habitez au Nouveau-Brunswick;</li><li>répondez aux critères de ce programme, que Développement social vérifie avec vous lors de votre appel;</li><li>ne recevez pas déjà la même aide d’un autre programme.</li></ul>`,
      c: `<p>Ce service est offert par des organismes communautaires. Chacun décide qui il sert et s’il y a des frais : renseignez-vous lors de votre appel.</p>`,
    },
    stepsByPhone: [
      `Composez le ${PHONE} pour joindre Développement social.`,
      'Répondez à quelques questions sur votre situation pour que nous vérifiions votre admissibilité.',
      'Envoyez les documents demandés.',
      'Nous étudions votre demande et vous communiquons la décision par écrit.',
    ],
    stepsVia211: [
      'Composez le 211 pour trouver l’organisme le plus près, ou appelez-le directement.',
      'Expliquez de quelle aide vous avez besoin.',
      'Demandez ce qu’il faut apporter à votre première visite.',
    ],
    whatYouNeed:
      '<ul><li>Votre carte d’assurance-maladie du Nouveau-Brunswick</li><li>Une preuve de revenu pour toutes les personnes de votre ménage (par exemple, votre dernier avis de cotisation)</li><li>Une preuve d’adresse</li></ul>',
    guideTitle: () => 'Développement social sur gnb.ca (page Web)',
    faq: {
      g: [
        {
          question: 'Combien de temps faut-il pour obtenir une décision?',
          answer:
            '<p>La plupart des décisions sont rendues dans les 30 jours suivant la réception d’une demande complète.</p>',
        },
        {
          question: 'Une autre personne peut-elle présenter une demande pour vous?',
          answer:
            '<p>Oui. Un membre de votre famille ou une personne proche aidante peut le faire pour vous, avec votre permission.</p>',
        },
      ],
      c: [
        {
          question: 'Faut-il être orienté par quelqu’un?',
          answer:
            '<p>Non. Vous pouvez appeler l’organisme vous-même, ou composer le 211 pour trouver le plus près de chez vous.</p>',
        },
        {
          question: 'Une autre personne peut-elle appeler pour vous?',
          answer:
            '<p>Oui. Un membre de votre famille ou une personne proche aidante peut appeler pour vous, avec votre permission.</p>',
        },
      ],
    },
    contacts: `<p>Développement social : <a href="tel:18337337835">${PHONE}</a> (sans frais), du lundi au vendredi, de 8 h 15 à 16 h 30.</p>`,
  },
};

/** The attributes of program `p` (the i-th) in one language; the key order is the snapshot's. */
function programAttributes(p, i, lang) {
  const [slugEn, slugFr, titleEn, titleFr, , type, flags, mapType, kwEn, kwFr, shortEn, shortFr] = p;
  const isEn = lang === 'en';
  const title = isEn ? titleEn : titleFr;
  const short = isEn ? shortEn : shortFr;
  const own = programText[slugEn][lang];
  const shared = sharedProgramText[lang];
  const finder = finderTags[slugEn];
  return {
    drupal_internal__nid: 100 + i,
    langcode: lang,
    status: !flags.includes('u'),
    title,
    created: '2024-05-01T12:00:00+00:00',
    changed: changed(i),
    path: { alias: `/program/${isEn ? slugEn : slugFr}`, langcode: lang },
    field_searchable: !flags.includes('n'),
    field_search_keywords: isEn ? kwEn : kwFr,
    field_program_description: text(`<p>${short}</p>`),
    field_about_short_description_: short,
    field_featured: flags.includes('f'),
    field_program_type: type === 'g' ? 'government' : 'community',
    field_about: text(`<p>${short}</p><p>${own.about}</p>`),
    field_who_qualifies: text(shared.whoQualifies[type]),
    field_how_to_apply: text(`<p>${own.apply}</p>`),
    field_apply_steps: type === 'g' ? shared.stepsByPhone : shared.stepsVia211,
    field_what_you_need: text(shared.whatYouNeed),
    field_documents: [
      {
        uri: departmentPage[lang],
        title: shared.guideTitle(title),
      },
    ],
    field_faq: shared.faq[type],
    field_contacts: text(shared.contacts),
    field_map_type: mapType,
    field_finder_relevant: finder.relevant,
    field_finder_excludes: finder.excludes,
  };
}

/** The links of program `p` (the i-th): its categories, its image (every other one of the first
 * programs has one), the page scope and three programs further down the list. */
function programRelationships(p, i) {
  const [slugEn, , , , cats] = p;
  const related = [1, 2, 3].map((k) => programs[(i + k * 7) % programs.length][0]).filter((s) => s !== slugEn);
  const image = i < imageIds.length * 2 && i % 2 === 0 ? imageIds[(i / 2) % imageIds.length] : null;
  return {
    field_program_categories: { data: cats.map((c) => ref('taxonomy_term--categories', catId[c])) },
    field_program_image: { data: image ? ref('file--file', image, { alt: '', width: 800, height: 450 }) : null },
    field_add_an_image_large_800_x_4: { data: null },
    field_pagescope: { data: ref('taxonomy_term--page_scope', scopeId) },
    field_related_programs: { data: related.map((s) => ref('node--program', progId[s])) },
  };
}

programs.forEach((p, i) => {
  const slugEn = p[0];
  if (!programText[slugEn]) throw new Error(`program-text.mjs has no text for ${slugEn}`);
  if (!finderTags[slugEn]) throw new Error(`finder-tags.mjs has no entry for program ${slugEn}`);
  for (const lang of ['en', 'fr']) {
    add(lang === 'en' ? en : fr, 'node--program', {
      type: 'node--program',
      id: progId[slugEn],
      attributes: programAttributes(p, i, lang),
      relationships: programRelationships(p, i),
    });
  }
});

// Simple, complex and basic pages, landing pages
const listedRels = (cats) => ({
  field_program_categories: { data: cats.map((c) => ref('taxonomy_term--categories', catId[c])) },
  field_program_image: { data: null },
  field_add_an_image_large_800_x_4: { data: null },
  field_pagescope: { data: ref('taxonomy_term--page_scope', scopeId) },
});
const nodeId = {};
simplePages.forEach((p, i) => {
  const id = uuid(`simple_page:${p.en.slug}`);
  nodeId[p.en.slug] = id;
  for (const lang of ['en', 'fr']) {
    const v = p[lang];
    add(lang === 'en' ? en : fr, 'node--simple_page', {
      type: 'node--simple_page',
      id,
      attributes: {
        drupal_internal__nid: 500 + i,
        langcode: lang,
        status: true,
        title: v.title,
        changed: changed(i + 3),
        path: { alias: `/simple_page/${v.slug}`, langcode: lang },
        field_searchable: true,
        field_search_keywords: v.keywords,
        field_program_description: text(`<p>${v.short}</p>`),
        field_about_short_description_: v.short,
        field_featured: false,
        body: text(v.body),
      },
      relationships: listedRels(p.categories),
    });
  }
});
complexPages.forEach((p, i) => {
  const id = uuid(`complex_page:${p.en.slug}`);
  for (const lang of ['en', 'fr']) {
    const v = p[lang];
    add(lang === 'en' ? en : fr, 'node--complex_page', {
      type: 'node--complex_page',
      id,
      attributes: {
        drupal_internal__nid: 600 + i,
        langcode: lang,
        status: true,
        title: v.title,
        changed: changed(i + 5),
        path: { alias: `/complex_page/${v.slug}`, langcode: lang },
        field_searchable: true,
        field_search_keywords: v.keywords,
        field_program_description: text(`<p>${v.short}</p>`),
        field_about_short_description_: v.short,
        field_featured: false,
        body: text(`<p>${v.short}</p>`),
        field_sections: v.sections.map(([heading, body]) => ({ heading, body })),
      },
      relationships: listedRels(p.categories),
    });
  }
});
pages.forEach((p, i) => {
  const id = uuid(`page:${p.en.slug}`);
  for (const lang of ['en', 'fr']) {
    const v = p[lang];
    add(lang === 'en' ? en : fr, 'node--page', {
      type: 'node--page',
      id,
      attributes: {
        drupal_internal__nid: 700 + i,
        langcode: lang,
        status: true,
        title: v.title,
        changed: changed(i + 1),
        path: { alias: `/page/${v.slug}`, langcode: lang },
        body: text(v.body),
      },
    });
  }
});
landingPages.forEach(([id, alias, titleEn, titleFr, bodyEn, bodyFr], i) => {
  add(en, 'node--landing_page', {
    type: 'node--landing_page',
    id,
    attributes: {
      drupal_internal__nid: 800 + i,
      langcode: 'en',
      status: true,
      title: titleEn,
      changed: changed(i),
      path: { alias, langcode: 'en' },
      body: text(`<p>${bodyEn}</p>`),
    },
  });
  add(fr, 'node--landing_page', {
    type: 'node--landing_page',
    id,
    attributes: {
      drupal_internal__nid: 800 + i,
      langcode: 'fr',
      status: true,
      title: titleFr,
      changed: changed(i),
      path: { alias, langcode: 'fr' },
      body: text(`<p>${bodyFr}</p>`),
    },
  });
});

// Vanity URLs: each language has its own nodes; targets are paragraphs.
vanities.forEach(([lang, route, target], i) => {
  const id = uuid(`vanity:${lang}:${route}`);
  const pid = uuid(`vanity-target:${lang}:${route}`);
  const bucket = lang === 'en' ? en : fr;
  const internalNode = target.startsWith('program:') ? ref('node--program', progId[target.slice(8)]) : null;
  add(bucket, 'paragraph--vanity_target_link', {
    type: 'paragraph--vanity_target_link',
    id: pid,
    attributes: { langcode: lang, field_external_link: internalNode ? null : { uri: target, title: '' } },
    relationships: { field_internal_link: { data: internalNode } },
  });
  add(bucket, 'node--vanity_url', {
    type: 'node--vanity_url',
    id,
    attributes: { drupal_internal__nid: 900 + i, langcode: lang, status: true, title: route, field_vanity_url: route },
    relationships: { field_vanity_target_link: { data: ref('paragraph--vanity_target_link', pid) } },
  });
});

// Application buttons
const buttonId = uuid('application_button:disability-support-program');
add(en, 'node--application_button', {
  type: 'node--application_button',
  id: buttonId,
  attributes: {
    langcode: 'en',
    status: true,
    title: 'Apply now',
    field_button_link: { uri: 'https://disabilitysupport.gnb.ca/en/apply', title: 'Apply now' },
  },
  relationships: { field_programs: { data: [ref('node--program', progId['disability-support-program'])] } },
});
add(fr, 'node--application_button', {
  type: 'node--application_button',
  id: buttonId,
  attributes: {
    langcode: 'fr',
    status: true,
    title: 'Présenter une demande',
    field_button_link: { uri: 'https://disabilitysupport.gnb.ca/fr/demande', title: 'Présenter une demande' },
  },
  relationships: { field_programs: { data: [ref('node--program', progId['disability-support-program'])] } },
});

// Facilities for the map pages (Drupal address and geolocation field shapes)
facilities.forEach(([mapType, key, nameEn, nameFr, streets, cities, postal, phone, lat, lng], i) => {
  const id = uuid(`facility:${key}`);
  const [cityEn, cityFr] = Array.isArray(cities) ? cities : [cities, cities];
  for (const [bucket, lang, title, street, city] of [
    [en, 'en', nameEn, streets[0], cityEn],
    [fr, 'fr', nameFr, streets[1], cityFr],
  ]) {
    add(bucket, 'node--facility', {
      type: 'node--facility',
      id,
      attributes: {
        drupal_internal__nid: 1000 + i,
        langcode: lang,
        status: true,
        title,
        changed: changed(i),
        field_facility_type: mapType,
        field_address: {
          langcode: lang,
          country_code: 'CA',
          administrative_area: 'NB',
          locality: city,
          postal_code: postal,
          address_line1: street,
          address_line2: null,
        },
        field_phone: phone,
        field_geolocation: { lat, lng },
        // The language the name is written in: each translation's own, else the one name's.
        field_name_language: nameEn !== nameFr ? lang : frenchNamed.has(key) ? 'fr' : 'en',
      },
    });
  }
});

// Housing benefit screening page (one node per language; field_program links it from the program page)
{
  const id = uuid('screening:canada-housing-benefit');
  for (const [bucket, lang] of [
    [en, 'en'],
    [fr, 'fr'],
  ]) {
    const v = screening[lang];
    add(bucket, 'node--screening', {
      type: 'node--screening',
      id,
      attributes: {
        drupal_internal__nid: 1200,
        langcode: lang,
        status: true,
        title: v.title,
        changed: changed(4),
        path: { alias: v.alias, langcode: lang },
        field_intro: v.intro,
        field_program_link_text: v.programLink,
        field_about: text(v.about),
        field_who_qualifies_families: text(v.families),
        field_who_qualifies_individuals: text(v.individuals),
        field_who_is_excluded: text(v.excluded),
        field_what_to_bring: text(v.bring),
        field_apply_online: text(v.online),
        field_apply_by_mail: text(v.mail),
        field_submission_options: text(v.submission),
        field_checklist: v.checklist,
        field_portal_link: { uri: v.portal, title: lang === 'en' ? 'Proceed' : 'Continuer' },
        field_other_support: v.otherSupport.map(([uri, title]) => ({ uri, title })),
      },
      relationships: { field_program: { data: ref('node--program', progId[screening.program]) } },
    });
  }
}

// Redirect module entries for French aliases renamed after the French reading (issue 46: the
// glossary's « personnes ayant un handicap », « proches aidants », « personnes aînées », and the
// benefit's official name): the old address goes to the node, as Drupal leaves it on a rename.
{
  const renamed = [
    [
      '/program/programme-de-soutien-aux-personnes-handicapees',
      '/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
    ],
    ['/program/repit-pour-les-aidants', '/program/repit-pour-les-proches-aidants'],
    ['/program/prestation-pour-aines-a-faible-revenu', '/program/prestation-pour-personnes-agees-a-faible-revenu'],
    ['/program/renovation-domiciliaire-pour-aines', '/program/renovation-domiciliaire-pour-personnes-ainees'],
    ['/simple_page/exploitation-financiere-des-aines', '/simple_page/exploitation-financiere-des-personnes-ainees'],
    [
      '/program/programme-de-soutien-aux-familles-d-enfants-handicapes',
      '/program/programme-de-soutien-aux-familles-d-enfants-ayant-un-handicap',
    ],
    ['/program/programmes-de-mieux-etre-pour-aines', '/program/programmes-de-mieux-etre-pour-personnes-ainees'],
    ['/program/transport-pour-aines', '/program/transport-communautaire'],
  ];
  renamed.forEach(([from, to], i) => {
    const node = Object.values(fr)
      .flat()
      .find((r) => r.attributes?.path?.alias === to);
    if (!node) throw new Error(`renamed alias ${from}: no French node at ${to}`);
    // The Redirect module's entities are not translated: one resource, listed with the English ones.
    add(en, 'redirect--redirect', {
      type: 'redirect--redirect',
      id: uuid(`redirect:${from}`),
      attributes: {
        drupal_internal__rid: 1 + i,
        redirect_source: { path: from.slice(1), query: [] },
        redirect_redirect: { uri: `internal:/node/${node.attributes.drupal_internal__nid}`, title: '', options: [] },
        status_code: 301,
        language: 'fr',
        created: 1764252000,
      },
    });
  });
}

// Home support calculator settings (one node, translated; the figures are samples)
{
  const c = calculatorSettings;
  for (const [bucket, lang] of [
    [en, 'en'],
    [fr, 'fr'],
  ]) {
    add(bucket, 'node--calculator_settings', {
      type: 'node--calculator_settings',
      id: uuid('calculator_settings:home-support'),
      attributes: {
        drupal_internal__nid: 1300,
        langcode: lang,
        status: true,
        title: c.title[lang],
        changed: changed(5),
        field_sample: true,
        field_sample_note: c.note[lang],
        field_hourly_rate: c.hourlyRate,
        field_hours_little: c.hours.little,
        field_hours_moderate: c.hours.moderate,
        field_hours_high: c.hours.high,
        ...Object.fromEntries(Object.entries(c.allowance).map(([type, amount]) => [`field_allowance_${type}`, amount])),
        field_allowance_extra_dependent: c.extraDependent,
        field_contribution_rate: c.contributionRate,
        field_summary_statement_link: {
          uri: c.summaryStatement[lang],
          title: lang === 'en' ? 'Summary statement' : 'Relevé sommaire',
        },
      },
    });
  }
}

for (const [lang, bucket] of [
  ['en', en],
  ['fr', fr],
]) {
  mkdirSync(path.join(out, lang), { recursive: true });
  for (const [type, list] of Object.entries(bucket))
    writeFileSync(path.join(out, lang, `${type}.json`), `${JSON.stringify(list, null, 1)}\n`);
}
console.log(`snapshot written to ${out}`);
