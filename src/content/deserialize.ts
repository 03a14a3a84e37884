// Turns JSON:API resources into plain objects: attributes spread at the top level and
// relationships replaced by the related plain objects found in `included` (or identifiers
// when not included). Written here rather than taken from a library: it is build-time only,
// must be cycle-safe (related programs point at each other) and keep relationship `meta`
// (image alt text), which the common deserializers drop or handle differently.
import type { JsonApiResource, JsonApiResourceIdentifier } from './jsonapi-client.ts';

export type PlainResource = { id: string; type: string; [key: string]: unknown };

/**
 * Drupal's placeholders for a reference without a target: `missing` (the entity was deleted;
 * Drupal does not clean up references) and `virtual` (a term's `<root>` parent).
 */
function isDangling(ident: JsonApiResourceIdentifier): boolean {
  return ident.id === 'missing' || ident.id === 'virtual';
}

/** Called for each `missing` target met under a primary resource, with the field path to it. */
export type OnMissing = (primaryId: string, field: string, ident: JsonApiResourceIdentifier) => void;

export function deserialize(
  resources: JsonApiResource[],
  included: JsonApiResource[],
  depth = 3,
  onMissing?: OnMissing,
): PlainResource[] {
  const index = new Map<string, JsonApiResource>();
  for (const r of [...included, ...resources]) index.set(`${r.type}:${r.id}`, r);
  // A primary resource met through another's relationship reports its own dangling references.
  const primary = new Set(resources.map((r) => `${r.type}:${r.id}`));

  function toPlain(
    resource: JsonApiResource,
    level: number,
    root: string,
    trail: string,
    meta?: Record<string, unknown>,
  ): PlainResource {
    const plain: PlainResource = { id: resource.id, type: resource.type, ...(resource.attributes ?? {}) };
    if (meta) plain.meta = meta;
    const report = level === 0 || !primary.has(`${resource.type}:${resource.id}`);
    for (const [name, rel] of Object.entries(resource.relationships ?? {})) {
      const field = trail ? `${trail}.${name}` : name;
      // A dangling target is treated as absent (no image, no related program) and reported.
      const keep = (ident: JsonApiResourceIdentifier) => {
        if (!isDangling(ident)) return true;
        if (ident.id === 'missing' && report) onMissing?.(root, field, ident);
        return false;
      };
      plain[name] = Array.isArray(rel.data)
        ? rel.data.filter(keep).map((ident) => resolve(ident, level, root, field))
        : rel.data && keep(rel.data)
          ? resolve(rel.data, level, root, field)
          : null;
    }
    return plain;
  }

  function resolve(ident: JsonApiResourceIdentifier, level: number, root: string, field: string): PlainResource {
    const found = index.get(`${ident.type}:${ident.id}`);
    if (!found || level >= depth)
      return { id: ident.id, type: ident.type, ...(ident.meta ? { meta: ident.meta } : {}) };
    return toPlain(found, level + 1, root, field, ident.meta);
  }

  return resources.map((r) => toPlain(r, 0, r.id, ''));
}
