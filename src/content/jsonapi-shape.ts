// The shape a JSON:API resource must have before the deserializer reads it, checked with zod one
// resource and one relationship value at a time, so that a malformed value costs one node (or one
// field) and never the whole document. Names that would reach an object's prototype
// (`__proto__`, `constructor`, `prototype`) are never taken as field names: Drupal's machine names
// are never these, and a plain object given one would change what every reader sees.
import { z } from 'zod';

const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** True for a name that must never become a key of the objects the build reads. */
export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name);
}

/** An object as JSON.parse makes it (not an array, not null); kept as it is, not copied. */
const jsonObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'must be an object',
);

export const identifierShape = z.object({
  type: z.string().min(1),
  id: z.string().min(1),
  meta: jsonObject.nullish(),
});
export type ResourceIdentifier = z.infer<typeof identifierShape>;

export const resourceShape = z.object({
  type: z.string().min(1),
  id: z.string().min(1),
  attributes: jsonObject.nullish(),
  relationships: jsonObject.nullish(),
});

/** A relationship's value: `{ data: identifier | identifier[] | null }`; its items are checked one by one. */
export const relationshipShape = z.object({ data: z.union([z.array(z.unknown()), jsonObject, z.null()]) });

/** What is wrong with a value, in a few words (the first zod issue, with its path). */
export function shapeProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const at = issue.path.length ? `${issue.path.map(String).join('.')} ` : '';
  return `${at}${issue.message}`.slice(0, 200);
}
