// Drupal JSON:API query features: filters (short and condition forms, groups), sort, sparse
// fieldsets, includes. Errors throw QueryError, answered as a 400 error document.
import type { Lang, Resource, Store } from './snapshot.ts';
import { translation } from './snapshot.ts';

export class QueryError extends Error {}

type Params = Record<string, unknown>;

/** Parses a[b][c]=v query strings into nested objects (arrays for a[] or repeated keys). */
export function parseQuery(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [rawKey, value] of search) {
    const parts = rawKey.match(/^[^[]+|\[[^\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, '')) ?? [rawKey];
    let node: Record<string, unknown> = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const last = i === parts.length - 1;
      if (last) {
        if (part === '') continue;
        if (node[part] === undefined) node[part] = value;
        else node[part] = Array.isArray(node[part]) ? [...(node[part] as unknown[]), value] : [node[part], value];
      } else if (parts[i + 1] === '') {
        const list = (node[part] as unknown[] | undefined) ?? [];
        list.push(value);
        node[part] = list;
        break;
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}

export interface Ctx {
  store: Store;
  lang: Lang;
  /** Bumped by every write, so what is derived from the whole store (relationship fields) is recomputed. */
  version?: number;
}

function related(ctx: Ctx, ident: { type: string; id: string }): Resource | undefined {
  const entry = ctx.store.get(ident.type)?.get(ident.id);
  return entry ? translation(entry, ctx.lang) : undefined;
}

/** Values at a dotted path, walking into attributes and through relationships. */
function valuesAt(ctx: Ctx, resource: Resource, path: string): unknown[] {
  let current: unknown[] = [resource];
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      if (
        item &&
        typeof item === 'object' &&
        'type' in item &&
        'id' in item &&
        ('attributes' in item || 'relationships' in item)
      ) {
        const r = item as Resource;
        if (segment === 'id') next.push(r.id);
        else if (segment === 'type') next.push(r.type);
        else if (r.relationships && segment in r.relationships) {
          const data = r.relationships[segment]!.data;
          for (const ident of Array.isArray(data) ? data : data ? [data] : []) {
            const target = related(ctx, ident as { type: string; id: string });
            next.push(target ?? ident);
          }
        } else if (r.attributes && segment in r.attributes) {
          const v = r.attributes[segment];
          if (Array.isArray(v)) next.push(...(v as unknown[]));
          else next.push(v);
        } else if (segment !== 'entity' && segment !== 'target_id') next.push(undefined);
        else next.push(r);
      } else if (item && typeof item === 'object') {
        const v = (item as Record<string, unknown>)[segment];
        if (Array.isArray(v)) next.push(...(v as unknown[]));
        else next.push(v);
      } else {
        next.push(undefined);
      }
    }
    current = next;
  }
  return current;
}

function normalize(value: unknown): unknown {
  if (value === true) return '1';
  if (value === false) return '0';
  if (value === null || value === undefined) return value;
  return String(value);
}
// One collator for every comparison: String#localeCompare builds one per call (slow over thousands).
const collator = new Intl.Collator();
function cmp(a: unknown, b: unknown): number {
  const na = Number(a),
    nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && a !== '' && b !== '') return na - nb;
  return collator.compare(String(a), String(b));
}
function boolish(value: unknown): unknown {
  return value === 'true' ? '1' : value === 'false' ? '0' : value;
}

const OPERATORS: Record<string, (actual: unknown, expected: unknown) => boolean> = {
  '=': (a, e) => normalize(a) === boolish(e),
  '<>': (a, e) => normalize(a) !== boolish(e),
  '>': (a, e) => a != null && cmp(a, e) > 0,
  '<': (a, e) => a != null && cmp(a, e) < 0,
  '>=': (a, e) => a != null && cmp(a, e) >= 0,
  '<=': (a, e) => a != null && cmp(a, e) <= 0,
  IN: (a, e) => (e as unknown[]).map(boolish).includes(normalize(a)),
  'NOT IN': (a, e) => !(e as unknown[]).map(boolish).includes(normalize(a)),
  CONTAINS: (a, e) => typeof a === 'string' && a.toLowerCase().includes(String(e).toLowerCase()),
  STARTS_WITH: (a, e) => typeof a === 'string' && a.toLowerCase().startsWith(String(e).toLowerCase()),
  ENDS_WITH: (a, e) => typeof a === 'string' && a.toLowerCase().endsWith(String(e).toLowerCase()),
  'IS NULL': (a) => a === null || a === undefined,
  'IS NOT NULL': (a) => a !== null && a !== undefined,
};

/**
 * Drupal stores `created` and `changed` as Unix timestamps and filters them as such, though
 * JSON:API shows them as ISO 8601 dates: `filter[changed][value]` takes seconds since 1970.
 */
const TIMESTAMP_PATHS = new Set(['changed', 'created']);
const unixSeconds = (value: unknown) =>
  typeof value === 'string' && Number.isNaN(Number(value)) ? Math.floor(Date.parse(value) / 1000) : value;

/** A timestamp condition's value must be seconds: a date string would compare as Drupal's SQL does, wrongly. */
function checkTimestamp(c: Condition & { key: string }): void {
  if (!TIMESTAMP_PATHS.has(c.path) || c.operator.startsWith('IS')) return;
  const values = Array.isArray(c.value) ? c.value : [c.value];
  if (values.some((v) => !/^-?\d+$/.test(String(v))))
    throw new QueryError(
      `Filter "${c.key}" on ${c.path} needs a Unix timestamp (seconds), not ${JSON.stringify(c.value)}: Drupal compares the stored timestamp.`,
    );
}

interface Condition {
  path: string;
  operator: string;
  value: unknown;
  memberOf?: string;
}
interface Group {
  conjunction: 'AND' | 'OR';
  memberOf?: string;
}

export function buildFilter(filter: unknown): (ctx: Ctx, r: Resource) => boolean {
  if (filter === undefined) return () => true;
  if (!filter || typeof filter !== 'object') throw new QueryError('The filter parameter must be an object.');
  const conditions: Array<Condition & { key: string }> = [];
  const groups = new Map<string, Group>();
  for (const [key, raw] of Object.entries(filter as Record<string, unknown>)) {
    if (typeof raw === 'string' || Array.isArray(raw)) {
      conditions.push({ key, path: key, operator: Array.isArray(raw) ? 'IN' : '=', value: raw });
      continue;
    }
    const spec = raw as Record<string, unknown>;
    if (spec.group) {
      const g = spec.group as Record<string, string>;
      const conjunction = (g.conjunction ?? 'AND').toUpperCase();
      if (conjunction !== 'AND' && conjunction !== 'OR')
        throw new QueryError(`Invalid group conjunction "${g.conjunction}".`);
      groups.set(key, { conjunction, memberOf: g.memberOf });
    } else if (spec.condition) {
      const c = spec.condition as Record<string, unknown>;
      if (typeof c.path !== 'string' || !c.path) throw new QueryError(`Filter "${key}" has no condition path.`);
      const operator = String(c.operator ?? '=').toUpperCase();
      if (!(operator in OPERATORS))
        throw new QueryError(
          `The operator "${c.operator}" is not known. Supported: ${Object.keys(OPERATORS).join(', ')}.`,
        );
      if ((operator === 'IN' || operator === 'NOT IN') && !Array.isArray(c.value)) {
        if (c.value === undefined) throw new QueryError(`Filter "${key}" with ${operator} needs a value list.`);
        c.value = [c.value];
      }
      if (!operator.startsWith('IS') && c.value === undefined) throw new QueryError(`Filter "${key}" has no value.`);
      conditions.push({ key, path: c.path, operator, value: c.value, memberOf: c.memberOf as string | undefined });
    } else if ('value' in spec || 'operator' in spec || 'path' in spec) {
      conditions.push({
        key,
        path: String(spec.path ?? key),
        operator: String(spec.operator ?? '=').toUpperCase(),
        value: spec.value,
      });
      if (!(conditions.at(-1)!.operator in OPERATORS))
        throw new QueryError(`The operator "${spec.operator}" is not known.`);
    } else {
      throw new QueryError(`Filter "${key}" is neither a condition nor a group.`);
    }
  }
  for (const c of conditions) checkTimestamp(c);
  for (const c of conditions)
    if (c.memberOf && !groups.has(c.memberOf))
      throw new QueryError(`Filter "${c.key}" is a member of unknown group "${c.memberOf}".`);

  function evalGroup(name: string | undefined, ctx: Ctx, r: Resource): boolean {
    const conjunction = name ? groups.get(name)!.conjunction : 'AND';
    const results: boolean[] = [];
    for (const c of conditions.filter((x) => x.memberOf === name)) {
      const raw = valuesAt(ctx, r, c.path);
      const values = TIMESTAMP_PATHS.has(c.path) ? raw.map(unixSeconds) : raw;
      const test = OPERATORS[c.operator]!;
      results.push(
        c.operator === '<>' || c.operator === 'NOT IN'
          ? values.every((v) => test(v, c.value))
          : values.some((v) => test(v, c.value)),
      );
    }
    for (const [child, g] of groups) if (g.memberOf === name) results.push(evalGroup(child, ctx, r));
    if (results.length === 0) return true;
    return conjunction === 'AND' ? results.every(Boolean) : results.some(Boolean);
  }
  return (ctx, r) => evalGroup(undefined, ctx, r);
}

export function sortResources(ctx: Ctx, list: Resource[], sort: unknown): Resource[] {
  if (sort === undefined) return list;
  if (typeof sort !== 'string' || !sort)
    throw new QueryError('The sort parameter must be a comma-separated list of fields.');
  const keys = sort.split(',').map((k) => (k.startsWith('-') ? { path: k.slice(1), dir: -1 } : { path: k, dir: 1 }));
  // Each resource's sort values are read once, not at every comparison: a paged listing sorts the
  // whole collection on every page request (thousands of nodes at bench scale).
  const decorated = list.map((resource) => ({ resource, values: keys.map((k) => valuesAt(ctx, resource, k.path)[0]) }));
  decorated.sort((a, b) => {
    for (const [i, k] of keys.entries()) {
      const va = a.values[i];
      const vb = b.values[i];
      const c = va == null ? (vb == null ? 0 : 1) : vb == null ? -1 : cmp(va, vb);
      if (c !== 0) return c * k.dir;
    }
    return 0;
  });
  return decorated.map((d) => d.resource);
}

export function sparse(resource: Resource, fields: unknown): Resource {
  const list = fields && typeof fields === 'object' ? (fields as Record<string, unknown>)[resource.type] : undefined;
  if (typeof list !== 'string') return resource;
  const keep = new Set(list.split(',').map((f) => f.trim()));
  const attributes = Object.fromEntries(Object.entries(resource.attributes ?? {}).filter(([k]) => keep.has(k)));
  const relationships = Object.fromEntries(Object.entries(resource.relationships ?? {}).filter(([k]) => keep.has(k)));
  return {
    type: resource.type,
    id: resource.id,
    attributes,
    ...(Object.keys(relationships).length ? { relationships } : {}),
  };
}

/** The relationship fields of a type, with the types they point at (the snapshot has no field definitions: read them off the resources). */
const fieldCache = new WeakMap<object, { version: number | undefined; fields: Map<string, Set<string>> }>();
function relationshipFields(ctx: Ctx, type: string): Map<string, Set<string>> {
  const byId = ctx.store.get(type);
  const cached = byId && fieldCache.get(byId);
  if (cached && cached.version === ctx.version) return cached.fields;
  const fields = new Map<string, Set<string>>();
  for (const entry of ctx.store.get(type)?.values() ?? []) {
    for (const r of Object.values(entry)) {
      for (const [field, rel] of Object.entries(r?.relationships ?? {})) {
        const targets = fields.get(field) ?? new Set<string>();
        const data = rel.data as { type: string } | Array<{ type: string }> | null;
        // An editor's write may have put anything there (a hostile CMS's shapes): only identifiers count.
        for (const ident of Array.isArray(data) ? data : data ? [data] : []) if (ident?.type) targets.add(ident.type);
        fields.set(field, targets);
      }
    }
  }
  if (byId) fieldCache.set(byId, { version: ctx.version, fields });
  return fields;
}

/** As Drupal's FieldResolver: an include path through a field that is not a relationship is a 400 naming it. */
function checkIncludePath(ctx: Ctx, type: string, path: string): void {
  const parts = path.split('.');
  const problem = (types: string[], depth: number): string | undefined => {
    const [field, ...rest] = parts.slice(depth);
    if (!field) return 'Empty include path.';
    const messages: string[] = [];
    for (const t of types) {
      const fields = relationshipFields(ctx, t);
      const targets = fields.get(field);
      if (!targets) {
        const possible = [...fields.keys()].join(', ');
        messages.push(
          `\`${field}\` is not a valid relationship field name.${possible ? ` Possible values: ${possible}.` : ''}`,
        );
        continue;
      }
      // Targets unknown (every value empty): nothing to check further.
      if (rest.length === 0 || targets.size === 0) return undefined;
      const deeper = problem([...targets], depth + 1);
      if (!deeper) return undefined;
      messages.push(deeper);
    }
    return [...new Set(messages)].join(' ');
  };
  const message = problem([type], 0);
  if (message)
    throw new QueryError(
      parts.length > 1 && !message.startsWith('Empty')
        ? `\`${path}\` is not a valid include path. ${message}`
        : message,
    );
}

/** Resolves include paths (a,b.c) into a deduplicated list, excluding primary data. */
export function includes(ctx: Ctx, primary: Resource[], include: unknown, type?: string): Resource[] {
  if (include === undefined || include === '') return [];
  if (typeof include !== 'string') throw new QueryError('The include parameter must be a comma-separated list.');
  if (type) for (const path of include.split(',').map((p) => p.trim())) checkIncludePath(ctx, type, path);
  const seen = new Set(primary.map((r) => `${r.type}:${r.id}`));
  const out: Resource[] = [];
  for (const path of include
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    let level = primary;
    for (const field of path.split('.')) {
      const next: Resource[] = [];
      for (const r of level) {
        if (!r.relationships || !(field in r.relationships)) continue;
        const data = r.relationships[field]!.data;
        for (const ident of Array.isArray(data) ? data : data ? [data] : []) {
          if (!ident || typeof ident !== 'object') continue;
          const target = related(ctx, ident as { type: string; id: string });
          if (!target) continue;
          next.push(target);
          const key = `${target.type}:${target.id}`;
          if (!seen.has(key)) {
            seen.add(key);
            out.push(target);
          }
        }
      }
      level = next;
    }
  }
  return out;
}
