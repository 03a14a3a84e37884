// What the three configuration schemas (site-env.ts for the build, service.ts, local-cms.ts) share:
// reading an environment with one message naming every bad setting, and the list of a schema's
// settings (name, default, description) that docs/configuration.md is generated from.
import type { z } from 'zod';

/** Environment variables as a process has them; an empty value counts as unset where a schema says so. */
export type Environment = Record<string, string | undefined>;

export class ConfigError extends Error {}

/**
 * The settings `schema` reads from `env`, or a ConfigError listing each bad one by name.
 * `echo` adds the value that was refused (off where a value may be a secret).
 */
export function parseSettings<T extends z.ZodType>(
  schema: T,
  env: Environment,
  options: { echo?: boolean } = {},
): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}: ${issue.message}${options.echo ? ` (got "${env[name] ?? ''}")` : ''}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Without its empty values: for a process where `NAME=` means "not set". */
export function withoutEmpty(env: Environment): Environment {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

export interface SettingDoc {
  name: string;
  /** The default as the process takes it, or undefined when unset has its own meaning (the description says which). */
  defaultValue: string | undefined;
  description: string;
}

function defaultOf(field: z.ZodType): unknown {
  const def = field.def as { type: string; defaultValue?: unknown; innerType?: z.ZodType; out?: z.ZodType };
  if (def.type === 'default') return def.defaultValue;
  if (def.type === 'pipe' && def.out) return defaultOf(def.out);
  return undefined;
}

/** Every setting of a schema, in its order, for the configuration document. */
export function settingDocs(schema: z.ZodObject): SettingDoc[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const description = (field as z.ZodType).description;
    if (!description) throw new Error(`${name}: a setting without a description (.describe())`);
    const value = defaultOf(field as z.ZodType);
    return { name, defaultValue: value === undefined ? undefined : String(value), description };
  });
}
