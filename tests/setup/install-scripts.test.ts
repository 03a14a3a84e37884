// Every dependency that runs an install script must have been read and pinned: npm's allowScripts
// approves by name (this lockfile carries no registry URLs, so npm cannot pin), so the pin lives here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const lock = json('package-lock.json') as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
};
const pkg = json('package.json') as { allowScripts?: Record<string, boolean> };
const reviewed = json('scripts/install-scripts-reviewed.json') as Record<string, { version: string; denied?: boolean }>;

const withScripts = Object.entries(lock.packages)
  .filter(([, entry]) => entry.hasInstallScript)
  .map(([key, entry]) => ({
    name: key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length),
    version: entry.version,
  }));

describe('install scripts', () => {
  test('every package with an install script was reviewed at the locked version', () => {
    const unreviewed = withScripts.filter((p) => reviewed[p.name]?.version !== p.version);
    expect(unreviewed, 'read the script, then record it in scripts/install-scripts-reviewed.json').toEqual([]);
  });

  test('allowScripts approves exactly the reviewed packages, and denies the ones reviewed as denied', () => {
    const approved = Object.entries(pkg.allowScripts ?? {})
      .filter(([, ok]) => ok)
      .map(([name]) => name)
      .sort();
    const denied = (name: string) => reviewed[name]?.denied === true;
    expect(approved).toEqual(
      withScripts
        .filter((p) => !denied(p.name))
        .map((p) => p.name)
        .sort(),
    );
    for (const p of withScripts.filter((p) => denied(p.name))) expect(pkg.allowScripts?.[p.name]).toBe(false);
  });

  test('npm refuses unreviewed install scripts instead of warning', () => {
    expect(readFileSync(path.join(root, '.npmrc'), 'utf8')).toMatch(/^strict-allow-scripts=true$/m);
  });
});
