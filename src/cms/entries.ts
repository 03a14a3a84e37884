// Maps validated CMS nodes to the plain, sanitized entries the pages render.
import type { z } from 'zod';
import type { Lang } from '../i18n/languages.ts';
import { sanitize } from './sanitize.ts';
import { typography } from '../logic/typography/french.ts';
import type {
  fileRef, rawApplicationButton, rawCategory, rawComplexPage, rawLandingPage, rawPage, rawProgram,
  rawSimplePage, rawVanityUrl, termRef,
} from './schemas.ts';
import type { rawFacility } from './schemas.ts';
import type { rawScreening } from './schemas.ts';
import type { rawCalculatorSettings } from './schemas.ts';
import type { CalculatorSettings } from '../logic/calculator/settings.ts';
import type { FinderTag } from '../logic/finder/questions.ts';

export interface ImageEntry { src: string; alt: string; width?: number | undefined; height?: number | undefined }
export interface CategoryRef { id: string; name: string; slug: string }

export interface ListedEntry {
  id: string;
  /** Drupal's node id (redirect targets name nodes by it). */
  nid: number | null;
  lang: Lang;
  kind: 'program' | 'simple_page' | 'complex_page';
  title: string;
  alias: string;
  slug: string;
  changed: string | null;
  searchable: boolean;
  featured: boolean;
  keywords: string[];
  description: string;
  shortDescription: string;
  categories: CategoryRef[];
  image: ImageEntry | null;
  imageLarge: ImageEntry | null;
  pageScope: string;
}

export interface ProgramEntry extends ListedEntry {
  kind: 'program';
  programType: 'government' | 'community';
  about: string;
  whoQualifies: string;
  howToApply: string;
  applySteps: string[];
  whatYouNeed: string;
  documents: Array<{ url: string; title: string }>;
  faq: Array<{ question: string; answer: string }>;
  contacts: string;
  mapType: string | null;
  related: string[];
  /** Program finder tags; a program with no relevant tag is never suggested. */
  finder: { relevant: FinderTag[]; excludes: FinderTag[] };
}
export interface SimplePageEntry extends ListedEntry { kind: 'simple_page'; body: string }
export interface ComplexPageEntry extends ListedEntry {
  kind: 'complex_page';
  body: string;
  sections: Array<{ heading: string; body: string }>;
}
export interface PageEntry { id: string; nid: number | null; lang: Lang; title: string; alias: string; slug: string; changed: string | null; body: string }
export interface LandingPageEntry { id: string; lang: Lang; title: string; alias: string; body: string }
export interface CategoryEntry { id: string; lang: Lang; name: string; slug: string; alias: string; description: string; weight: number }
export type VanityTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };
export interface VanityEntry { id: string; lang: Lang; route: string; target: VanityTarget }
export interface ApplicationButtonEntry { id: string; lang: Lang; title: string; url: string; programIds: string[] }

/** Resolves a Drupal link field value for the entry's language; null when it cannot (reported). */
export type LinkFn = (uri: string, field: string) => string | null;

export function slugOf(alias: string): string {
  return alias.split('/').filter(Boolean).pop() ?? '';
}

function absolute(url: string, cmsBase: string): string {
  return new URL(url, cmsBase).toString();
}

function image(file: z.infer<typeof fileRef> | null | undefined, cmsBase: string, fallbackAlt = ''): ImageEntry | null {
  if (!file) return null;
  return {
    src: absolute(file.uri.url, cmsBase),
    alt: file.meta?.alt ?? fallbackAlt,
    width: file.meta?.width ?? undefined,
    height: file.meta?.height ?? undefined,
  };
}

function category(term: z.infer<typeof termRef>): CategoryRef {
  return { id: term.id, name: term.name, slug: term.path ? slugOf(term.path.alias) : term.id };
}

function keywords(value: string | null | undefined): string[] {
  return (value ?? '').split(/[,;\n]/).map((k) => k.trim()).filter(Boolean);
}

type RawListed = z.infer<typeof rawSimplePage>;

function listed(node: RawListed, cmsBase: string): Omit<ListedEntry, 'kind'> {
  return {
    id: node.id,
    nid: node.drupal_internal__nid ?? null,
    lang: node.langcode,
    title: typography(node.langcode, node.title),
    alias: node.path.alias,
    slug: slugOf(node.path.alias),
    changed: node.changed ?? null,
    searchable: node.field_searchable ?? false,
    featured: node.field_featured ?? false,
    keywords: keywords(node.field_search_keywords),
    description: sanitize(node.field_program_description?.processed ?? node.field_program_description?.value, node.langcode),
    shortDescription: typography(node.langcode, node.field_about_short_description_ ?? ''),
    categories: node.field_program_categories.map(category),
    image: image(node.field_program_image, cmsBase),
    imageLarge: image(node.field_add_an_image_large_800_x_4, cmsBase),
    pageScope: node.field_pagescope?.field_code ?? 's',
  };
}

const html = (t: { value: string; processed?: string | null | undefined } | null | undefined, lang: Lang) => sanitize(t?.processed ?? t?.value, lang);

export function toProgram(node: z.infer<typeof rawProgram>, cmsBase: string, link: LinkFn): ProgramEntry {
  return {
    ...listed(node, cmsBase),
    kind: 'program',
    programType: node.field_program_type ?? 'government',
    about: html(node.field_about, node.langcode),
    whoQualifies: html(node.field_who_qualifies, node.langcode),
    howToApply: html(node.field_how_to_apply, node.langcode),
    applySteps: (node.field_apply_steps ?? []).map((step) => typography(node.langcode, step)),
    whatYouNeed: html(node.field_what_you_need, node.langcode),
    documents: (node.field_documents ?? []).flatMap((d, i) => {
      const url = link(d.uri, `field_documents[${i}].uri`);
      return url ? [{ url, title: d.title ? typography(node.langcode, d.title) : url }] : [];
    }),
    faq: (node.field_faq ?? []).map((f) => ({ question: typography(node.langcode, f.question), answer: sanitize(f.answer, node.langcode) })),
    contacts: html(node.field_contacts, node.langcode),
    mapType: node.field_map_type ?? null,
    related: node.field_related_programs.map((r) => r.id),
    finder: { relevant: node.field_finder_relevant ?? [], excludes: node.field_finder_excludes ?? [] },
  };
}

export function toSimplePage(node: z.infer<typeof rawSimplePage>, cmsBase: string): SimplePageEntry {
  return { ...listed(node, cmsBase), kind: 'simple_page', body: html(node.body, node.langcode) };
}

export function toComplexPage(node: z.infer<typeof rawComplexPage>, cmsBase: string): ComplexPageEntry {
  return {
    ...listed(node, cmsBase),
    kind: 'complex_page',
    body: html(node.body, node.langcode),
    sections: node.field_sections.map((s) => ({ heading: typography(node.langcode, s.heading), body: sanitize(s.body, node.langcode) })),
  };
}

export function toPage(node: z.infer<typeof rawPage>): PageEntry {
  return { id: node.id, nid: node.drupal_internal__nid ?? null, lang: node.langcode, title: typography(node.langcode, node.title), alias: node.path.alias, slug: slugOf(node.path.alias), changed: node.changed ?? null, body: html(node.body, node.langcode) };
}

export function toLandingPage(node: z.infer<typeof rawLandingPage>): LandingPageEntry {
  return { id: node.id, lang: node.langcode, title: typography(node.langcode, node.title), alias: node.path.alias, body: html(node.body, node.langcode) };
}

export function toCategory(term: z.infer<typeof rawCategory>): CategoryEntry {
  return {
    id: term.id,
    lang: term.langcode,
    name: typography(term.langcode, term.name),
    slug: slugOf(term.path.alias),
    alias: term.path.alias,
    description: html(term.description, term.langcode),
    weight: term.weight ?? 0,
  };
}

/** The vanity's target: a node picked in the paragraph, or a link (entity:, internal:, https:). */
export function vanityTarget(node: z.infer<typeof rawVanityUrl>, link: LinkFn): VanityTarget | { error: string } | null {
  const lang = node.langcode;
  const target = node.field_vanity_target_link;
  const internalAlias = target.field_internal_link?.path?.alias;
  if (internalAlias) return { kind: 'internal', path: `/${lang}${internalAlias}` };
  const uri = target.field_external_link?.uri;
  if (!uri) return { error: 'field_vanity_target_link: neither field_internal_link nor field_external_link is set' };
  const href = link(uri, 'field_vanity_target_link.field_external_link.uri');
  if (!href) return null;
  return href.startsWith('/') ? { kind: 'internal', path: href } : { kind: 'external', url: href };
}

export function toApplicationButton(node: z.infer<typeof rawApplicationButton>, link: LinkFn): ApplicationButtonEntry | null {
  const url = link(node.field_button_link.uri, 'field_button_link.uri');
  return url ? { id: node.id, lang: node.langcode, title: typography(node.langcode, node.title), url, programIds: node.field_programs.map((p) => p.id) } : null;
}

export interface FacilityEntry {
  id: string;
  lang: Lang;
  mapType: z.infer<typeof rawFacility>['field_facility_type'];
  name: string;
  street: string;
  city: string;
  postalCode: string;
  phone: string;
  /** tel: URI of the phone number, e.g. tel:+15064529482. */
  tel: string;
  lat: number;
  lng: number;
}

export function toFacility(node: z.infer<typeof rawFacility>): FacilityEntry {
  const a = node.field_address;
  const digits = node.field_phone.replace(/\D/g, '');
  const postal = a.postal_code.replace(/\s+/g, '').toUpperCase();
  return {
    id: node.id,
    lang: node.langcode,
    mapType: node.field_facility_type,
    name: typography(node.langcode, node.title),
    street: [a.address_line1, a.address_line2].filter(Boolean).join(', '),
    city: a.locality,
    postalCode: `${postal.slice(0, 3)} ${postal.slice(3)}`,
    phone: node.field_phone,
    tel: `tel:+${digits.length === 10 ? `1${digits}` : digits}`,
    lat: node.field_geolocation.lat,
    lng: node.field_geolocation.lng,
  };
}

export interface ScreeningEntry {
  id: string;
  lang: Lang;
  title: string;
  alias: string;
  changed: string | null;
  intro: string;
  /** Text of the link from the program page (field_program), when set. */
  programLinkText: string | null;
  programId: string | null;
  about: string;
  whoQualifiesFamilies: string;
  whoQualifiesIndividuals: string;
  whoIsExcluded: string;
  whatToBring: string;
  applyOnline: string;
  applyByMail: string;
  submissionOptions: string;
  checklist: string[];
  portalUrl: string;
  /** Other-support links, resolved (entity:node/N and internal:/node/N become the node's alias in this language). */
  otherSupport: Array<{ href: string; title: string }>;
}

export function toScreening(node: z.infer<typeof rawScreening>, link: LinkFn): ScreeningEntry {
  const lang = node.langcode;
  return {
    id: node.id,
    lang,
    title: typography(lang, node.title),
    alias: node.path.alias,
    changed: node.changed ?? null,
    intro: typography(lang, node.field_intro ?? ''),
    programLinkText: node.field_program_link_text ? typography(lang, node.field_program_link_text) : null,
    programId: node.field_program?.id ?? null,
    about: html(node.field_about, lang),
    whoQualifiesFamilies: html(node.field_who_qualifies_families, lang),
    whoQualifiesIndividuals: html(node.field_who_qualifies_individuals, lang),
    whoIsExcluded: html(node.field_who_is_excluded, lang),
    whatToBring: html(node.field_what_to_bring, lang),
    applyOnline: html(node.field_apply_online, lang),
    applyByMail: html(node.field_apply_by_mail, lang),
    submissionOptions: html(node.field_submission_options, lang),
    checklist: node.field_checklist.map((item) => typography(lang, item)),
    portalUrl: node.field_portal_link.uri,
    otherSupport: node.field_other_support.flatMap((l, i) => {
      const href = link(l.uri, `field_other_support[${i}].uri`);
      return href ? [{ href, title: l.title ? typography(lang, l.title) : href }] : [];
    }),
  };
}

export interface CalculatorSettingsEntry {
  id: string;
  lang: Lang;
  changed: string | null;
  /** The numbers the calculator island receives as props. */
  settings: CalculatorSettings;
  sampleNote: string | null;
}

export function toCalculatorSettings(node: z.infer<typeof rawCalculatorSettings>): CalculatorSettingsEntry {
  return {
    id: node.id,
    lang: node.langcode,
    changed: node.changed ?? null,
    sampleNote: node.field_sample_note ? typography(node.langcode, node.field_sample_note) : null,
    settings: {
      sample: node.field_sample,
      hourlyRate: node.field_hourly_rate,
      hoursPerWeek: { little: node.field_hours_little, moderate: node.field_hours_moderate, high: node.field_hours_high },
      protectedAllowance: {
        single: node.field_allowance_single,
        single_one: node.field_allowance_single_one,
        single_many: node.field_allowance_single_many,
        couple: node.field_allowance_couple,
        couple_one: node.field_allowance_couple_one,
        couple_many: node.field_allowance_couple_many,
      },
      allowancePerExtraDependent: node.field_allowance_extra_dependent,
      contributionRate: node.field_contribution_rate,
      summaryStatementUrl: node.field_summary_statement_link.uri,
    },
  };
}
