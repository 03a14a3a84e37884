// The periodic reconciliation's report: the content a delta would hold now against the full fetch
// made for the same release. It should find nothing; what it finds is what the deltas had missed
// (a change no webhook named and the `changed` filter could not list, such as a node unpublished
// without its webhook), named by collection, language and id.
import type { Held, HeldContent } from './content-store.ts';
import type { DeltaOutcome } from './content-delta.ts';

export interface Reconciliation {
  /** False when the delta could not be made to compare (its error says why). */
  compared: boolean;
  /** How many entries differ, and the first of them (`programs en/<id> changed`). */
  differences: number;
  found: string[];
  error?: string;
}

const SHOWN = 20;

export function reconcile(delta: DeltaOutcome | Error, full: HeldContent): Reconciliation {
  if (delta instanceof Error) return { compared: false, differences: 0, found: [], error: delta.message };
  const found: string[] = [];
  const names = new Set([...full.collections.keys(), ...delta.content.collections.keys()]);
  for (const name of names) {
    const a = delta.content.collections.get(name) ?? new Map<string, Held>();
    const b = full.collections.get(name) ?? new Map<string, Held>();
    for (const [key, held] of b) {
      const kept = a.get(key);
      if (!kept) found.push(`${name} ${key} missing`);
      else if (kept.data !== held.data && JSON.stringify(kept.data) !== JSON.stringify(held.data))
        found.push(`${name} ${key} changed`);
    }
    for (const key of a.keys()) if (!b.has(key)) found.push(`${name} ${key} should be gone`);
  }
  return { compared: true, differences: found.length, found: found.slice(0, SHOWN) };
}
