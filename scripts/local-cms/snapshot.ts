// Loads the bilingual snapshot: every <lang>/<entity>--<bundle>.json file, indexed by type and id.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
}
export type Lang = 'en' | 'fr';
/** type -> id -> language -> resource */
export type Store = Map<string, Map<string, Partial<Record<Lang, Resource>>>>;

export function loadSnapshot(dir: string): Store {
  const store: Store = new Map();
  for (const lang of ['en', 'fr'] as const) {
    let files: string[] = [];
    try {
      files = readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files) {
      const list = JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')) as Resource[];
      if (!Array.isArray(list)) throw new Error(`${lang}/${file}: expected an array of resources`);
      for (const resource of list) {
        if (!store.has(resource.type)) store.set(resource.type, new Map());
        const byId = store.get(resource.type)!;
        const entry = byId.get(resource.id) ?? {};
        entry[lang] = resource;
        byId.set(resource.id, entry);
      }
    }
  }
  return store;
}

/** The translation asked for, or the original (English) when there is none, as Drupal does. */
export function translation(entry: Partial<Record<Lang, Resource>>, lang: Lang): Resource | undefined {
  return entry[lang] ?? entry.en ?? entry.fr;
}

/** LOCAL_CMS_SCALE: clones real programs until there are `count` per language. */
export function scalePrograms(store: Store, count: number): void {
  const programs = store.get('node--program');
  if (!programs || count <= programs.size) return;
  const originals = [...programs.values()];
  const start = programs.size;
  for (let n = start; n < count; n++) {
    const source = originals[n % originals.length]!;
    const hex = n.toString(16).padStart(12, '0');
    const id = `5ca1ab1e-0000-4000-8000-${hex}`;
    const clone: Partial<Record<Lang, Resource>> = {};
    for (const lang of ['en', 'fr'] as const) {
      const r = source[lang];
      if (!r) continue;
      const alias = String((r.attributes.path as { alias: string }).alias);
      clone[lang] = {
        ...r,
        id,
        attributes: {
          ...r.attributes,
          drupal_internal__nid: 100_000 + n,
          status: true,
          field_searchable: true,
          field_featured: false,
          title: `${r.attributes.title} (${n})`,
          path: { alias: `${alias}-${n}`, langcode: lang },
        },
        // Synthetic clones carry no image: the real programs exercise image processing.
        relationships: {
          ...r.relationships,
          field_related_programs: { data: [] },
          field_program_image: { data: null },
        },
      };
    }
    programs.set(id, clone);
  }
}
