// Turns JSON:API resources into plain objects: attributes spread at the top level and
// relationships replaced by the related plain objects found in `included` (or identifiers
// when not included). Written here rather than taken from a library: it is build-time only,
// must be cycle-safe (related programs point at each other) and keep relationship `meta`
// (image alt text), which the common deserializers drop or handle differently.
import type { JsonApiResource, JsonApiResourceIdentifier } from './jsonapi-client.ts';

export type PlainResource = { id: string; type: string; [key: string]: unknown };

export function deserialize(resources: JsonApiResource[], included: JsonApiResource[], depth = 3): PlainResource[] {
  const index = new Map<string, JsonApiResource>();
  for (const r of [...included, ...resources]) index.set(`${r.type}:${r.id}`, r);

  function toPlain(resource: JsonApiResource, level: number, meta?: Record<string, unknown>): PlainResource {
    const plain: PlainResource = { id: resource.id, type: resource.type, ...(resource.attributes ?? {}) };
    if (meta) plain.meta = meta;
    for (const [name, rel] of Object.entries(resource.relationships ?? {})) {
      plain[name] = Array.isArray(rel.data)
        ? rel.data.map((ident) => resolve(ident, level))
        : rel.data
          ? resolve(rel.data, level)
          : null;
    }
    return plain;
  }

  function resolve(ident: JsonApiResourceIdentifier, level: number): PlainResource {
    const found = index.get(`${ident.type}:${ident.id}`);
    if (!found || level >= depth) return { id: ident.id, type: ident.type, ...(ident.meta ? { meta: ident.meta } : {}) };
    return toPlain(found, level + 1, ident.meta);
  }

  return resources.map((r) => toPlain(r, 0));
}
