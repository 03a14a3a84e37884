// Turns JSON:API resources into plain objects: attributes spread at the top level and
// relationships replaced by the related plain objects found in the document (or identifiers when
// not there), to `depth` levels. Written here rather than taken from a library: it must keep
// relationship `meta` (image alt text), which the common deserializers drop or handle differently,
// and hold against a hostile document:
// - each resource and each relationship value is checked for shape first (jsonapi-shape.ts): a
//   malformed one costs its node or its value, with a note naming the node and field;
// - a resource is made into a plain object once per level (shared by every reference to it), so
//   references that repeat or point at each other cost no copies;
// - repeated references in one relationship are kept once, with a note;
// - each node has a budget: the related items its tree holds once written out (what a reader that
//   walks it or serializes it pays), counted before anything is built; a node over it is refused,
//   naming the field that costs the most, and the others go on.
import { identifierShape, isReservedName, relationshipShape, resourceShape, shapeProblem } from './jsonapi-shape.ts';
import type { ResourceIdentifier } from './jsonapi-shape.ts';

type PlainResource = { id: string; type: string; [key: string]: unknown };

export interface DeserializeBudget {
  /** Most related items (resolved or not) one node's tree may hold, counted as written out. */
  maxRelations: number;
  /** Most bytes one node's tree may take, written out as JSON (approximately). */
  maxBytes: number;
}
/** Far above what real content needs: the sample site's largest program holds 244. */
const DEFAULT_BUDGET: DeserializeBudget = { maxRelations: 50_000, maxBytes: 16 * 1024 * 1024 };

/** Something left out of a node that is still published: a dangling, malformed or repeated reference. */
export interface DeserializeNote {
  /** The node (a primary resource) it is reported under, and the field path from it. */
  id: string;
  field: string;
  kind: 'missing' | 'malformed' | 'repeated';
  message: string;
  /** The type a `missing` reference pointed at. */
  targetType?: string;
}
/** A node refused whole: malformed, or over its budget. */
interface RefusedNode {
  type: string;
  id: string;
  field: string;
  message: string;
}
export interface Deserialized {
  nodes: PlainResource[];
  refused: RefusedNode[];
  notes: DeserializeNote[];
}

/** A resource after its shape check: fields without reserved names, relationships as checked references. */
interface Checked {
  key: string;
  type: string;
  id: string;
  attributes: Array<[string, unknown]>;
  relationships: Array<[string, Reference[] | Reference | null]>;
  /** Notes about this resource's own fields (field names relative to it). */
  notes: Array<Omit<DeserializeNote, 'id'>>;
  /** Bytes of its attributes, written out. */
  bytes: number;
}
type Reference = ResourceIdentifier & { key: string };

const keyOf = (r: { type: string; id: string }) => `${r.type}:${r.id}`;
const IDENTIFIER_BYTES = 80;

/**
 * Drupal's placeholders for a reference without a target: `missing` (the entity was deleted;
 * Drupal does not clean up references) and `virtual` (a term's `<root>` parent).
 */
function isDangling(ref: ResourceIdentifier): boolean {
  return ref.id === 'missing' || ref.id === 'virtual';
}

/** One relationship value's references: dangling, malformed and repeated ones left out, with notes. */
function references(name: string, value: unknown, notes: Checked['notes']): Reference[] | Reference | null | undefined {
  const shape = relationshipShape.safeParse(value);
  if (!shape.success) {
    notes.push({
      field: name,
      kind: 'malformed',
      message: `is not a relationship (${shapeProblem(shape.error)}); left out`,
    });
    return undefined;
  }
  const one = (item: unknown): Reference | null => {
    const parsed = identifierShape.safeParse(item);
    if (!parsed.success) {
      const what = item === null ? 'null' : shapeProblem(parsed.error);
      notes.push({
        field: name,
        kind: 'malformed',
        message: `holds a value that is not a reference (${what}); left out`,
      });
      return null;
    }
    const ref = { ...parsed.data, key: keyOf(parsed.data) };
    if (!isDangling(ref)) return ref;
    if (ref.id === 'missing')
      notes.push({
        field: name,
        kind: 'missing',
        targetType: ref.type,
        message: `refers to a ${ref.type} that no longer exists; left out`,
      });
    return null;
  };
  const { data } = shape.data;
  if (!Array.isArray(data)) return data === null ? null : one(data);
  const seen = new Map<string, number>();
  const kept: Reference[] = [];
  for (const item of data) {
    const ref = one(item);
    if (!ref) continue;
    seen.set(ref.key, (seen.get(ref.key) ?? 0) + 1);
    if (seen.get(ref.key) === 1) kept.push(ref);
  }
  for (const [key, times] of seen)
    if (times > 1) notes.push({ field: name, kind: 'repeated', message: `names ${key} ${times} times; kept once` });
  return kept;
}

function check(resource: unknown): Checked | { error: string; type: string; id: string } {
  const parsed = resourceShape.safeParse(resource);
  if (!parsed.success) {
    const r = resource as { type?: unknown; id?: unknown } | null;
    const name = (v: unknown) => (typeof v === 'string' && v ? v : '(unknown)');
    return { error: shapeProblem(parsed.error), type: name(r?.type), id: name(r?.id) };
  }
  const { type, id, attributes, relationships } = parsed.data;
  const notes: Checked['notes'] = [];
  // JSON:API forbids fields named `id` or `type`; a reserved name is never a key.
  const reserved = (name: string) => {
    if (name === 'id' || name === 'type') return true;
    if (!isReservedName(name)) return false;
    notes.push({ field: name, kind: 'malformed', message: 'is a name no field may have; left out' });
    return true;
  };
  const attributeEntries = Object.entries(attributes ?? {}).filter(([name]) => !reserved(name));
  const relationshipEntries: Checked['relationships'] = [];
  for (const [name, value] of Object.entries(relationships ?? {})) {
    if (reserved(name)) continue;
    const refs = references(name, value, notes);
    if (refs !== undefined) relationshipEntries.push([name, refs]);
  }
  return {
    key: keyOf(parsed.data),
    type,
    id,
    attributes: attributeEntries,
    relationships: relationshipEntries,
    notes,
    bytes: JSON.stringify(Object.fromEntries(attributeEntries)).length,
  };
}

/** The checked document: every resource by `type:id`, the primary ones, and how deep references resolve. */
interface Document {
  index: Map<string, Checked>;
  primary: Set<string>;
  /** The resource a reference resolves to at this level, or undefined (not in the document, or too deep). */
  resolvable: (ref: Reference, level: number) => Checked | undefined;
}

const refsOf = (value: Reference[] | Reference | null) =>
  value === null ? [] : Array.isArray(value) ? value : [value];

/** The node checker of a budget: why a node is over it (naming the costliest field), or undefined. */
function budgetCheck(doc: Document, budget: DeserializeBudget) {
  // What a resource's tree costs at a level, written out: counted once per resource and level.
  const costs = new Map<string, { relations: number; bytes: number }>();
  function cost(resource: Checked, level: number): { relations: number; bytes: number } {
    const memo = `${level}|${resource.key}`;
    const known = costs.get(memo);
    if (known) return known;
    const total = { relations: 0, bytes: resource.bytes };
    for (const [, value] of resource.relationships) {
      const c = fieldCost(value, level);
      total.relations += c.relations;
      total.bytes += c.bytes;
    }
    costs.set(memo, total);
    return total;
  }
  function fieldCost(value: Reference[] | Reference | null, level: number) {
    const total = { relations: 0, bytes: 0 };
    for (const ref of refsOf(value)) {
      const found = doc.resolvable(ref, level);
      const c = found ? cost(found, level + 1) : { relations: 0, bytes: IDENTIFIER_BYTES };
      total.relations += 1 + c.relations;
      total.bytes += c.bytes + (ref.meta ? JSON.stringify(ref.meta).length : 0);
    }
    return total;
  }
  return (node: Checked): { field: string; message: string } | undefined => {
    const { relations, bytes } = cost(node, 0);
    if (relations <= budget.maxRelations && bytes <= budget.maxBytes) return undefined;
    const fields = node.relationships.map(([name, value]) => ({ name, ...fieldCost(value, 0) }));
    // A node whose own attributes are over the budget in bytes: no field to blame but the node.
    const worst = fields.sort((a, b) => b.relations - a.relations || b.bytes - a.bytes)[0] ?? {
      name: '(node)',
      relations,
      bytes,
    };
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    const what =
      relations > budget.maxRelations
        ? `holds ${worst.relations} related items once its references are resolved (a node may hold ${budget.maxRelations}): they repeat or point at each other`
        : `takes ${mb(worst.bytes)} once its references are resolved (a node may take ${mb(budget.maxBytes)})`;
    return { field: worst.name, message: what };
  };
}

/** The plain-object maker of a document: each resource made once per level, shared by every reference to it there. */
function plainMaker(doc: Document): (resource: Checked) => PlainResource {
  const made = new Map<string, PlainResource>();
  function toPlain(resource: Checked, level: number): PlainResource {
    const memo = `${level}|${resource.key}`;
    const known = made.get(memo);
    if (known) return known;
    // Object.fromEntries defines own properties: no name reaches a setter such as __proto__'s.
    const plain = Object.fromEntries([
      ['id', resource.id],
      ['type', resource.type],
      ...resource.attributes,
      ...resource.relationships.map(([name, value]) => [
        name,
        value === null ? null : Array.isArray(value) ? value.map((r) => resolve(r, level)) : resolve(value, level),
      ]),
    ]) as PlainResource;
    made.set(memo, plain);
    return plain;
  }
  function resolve(ref: Reference, level: number): PlainResource {
    const found = doc.resolvable(ref, level);
    const meta = ref.meta ? { meta: ref.meta } : {};
    if (!found) return { id: ref.id, type: ref.type, ...meta };
    const shared = toPlain(found, level + 1);
    // The reference's own meta (an image's alt text) makes it its own object, its children shared.
    return ref.meta ? { ...shared, ...meta } : shared;
  }
  return (resource) => toPlain(resource, 0);
}

/**
 * Notes under a node: its own, and those of the resources its tree reaches that are not nodes
 * reporting for themselves, with the field path from the node.
 */
function notesUnder(doc: Document, node: Checked): DeserializeNote[] {
  const found = new Map<string, DeserializeNote>();
  const visit = (resource: Checked, level: number, trail: string) => {
    if (level === 0 || !doc.primary.has(resource.key))
      for (const n of resource.notes) {
        const note = { ...n, id: node.id, field: trail ? `${trail}.${n.field}` : n.field };
        found.set(`${note.kind}|${note.field}|${note.message}`, note);
      }
    for (const [name, value] of resource.relationships)
      for (const ref of refsOf(value)) {
        const next = doc.resolvable(ref, level);
        if (next) visit(next, level + 1, trail ? `${trail}.${name}` : name);
      }
  };
  visit(node, 0, '');
  return [...found.values()];
}

export function deserialize(
  resources: unknown[],
  included: unknown[],
  { depth = 3, budget = DEFAULT_BUDGET }: { depth?: number; budget?: DeserializeBudget } = {},
): Deserialized {
  const refused: RefusedNode[] = [];
  const index = new Map<string, Checked>();
  for (const r of included) {
    const checked = check(r);
    // A malformed included resource is as if it were not included: references to it stay identifiers.
    if ('key' in checked) index.set(checked.key, checked);
  }
  const primaries: Checked[] = [];
  for (const r of resources) {
    const checked = check(r);
    if ('error' in checked)
      refused.push({ type: checked.type, id: checked.id, field: '(node)', message: `malformed: ${checked.error}` });
    else {
      index.set(checked.key, checked);
      primaries.push(checked);
    }
  }
  const doc: Document = {
    index,
    primary: new Set(primaries.map((p) => p.key)),
    resolvable: (ref, level) => (level < depth ? index.get(ref.key) : undefined),
  };
  const overBudget = budgetCheck(doc, budget);
  const toPlain = plainMaker(doc);
  const nodes: PlainResource[] = [];
  const notes: DeserializeNote[] = [];
  for (const node of primaries) {
    const over = overBudget(node);
    if (over) refused.push({ type: node.type, id: node.id, ...over });
    else {
      nodes.push(toPlain(node));
      notes.push(...notesUnder(doc, node));
    }
  }
  return { nodes, refused, notes };
}
