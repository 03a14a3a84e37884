import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prelinker } from './prelink.ts';

const work = await mkdtemp(path.join(os.tmpdir(), 'prelink-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** A live release's site: pages in folders, a search folder and a temporary file the links leave out. */
async function liveSite(name: string): Promise<string> {
  const site = path.join(work, name, 'site');
  await mkdir(path.join(site, 'en/program'), { recursive: true });
  await mkdir(path.join(site, 'pagefind'), { recursive: true });
  await writeFile(path.join(site, 'en/home.html'), `home of ${name}`);
  await writeFile(path.join(site, 'en/program/a.html'), `a of ${name}`);
  await writeFile(path.join(site, 'pagefind/index.pf'), 'index');
  await writeFile(path.join(site, 'x.tmp'), 'partial');
  return site;
}

const inode = async (file: string) => (await stat(file)).ino;
const prelinked = async (dir: string) => (await readdir(dir)).filter((n) => n.startsWith('.prelinked-'));

describe('the next release linked ahead of the edit', () => {
  it('is the live release’s files linked, taken whole by the next release', async () => {
    const releasesDir = path.join(work, 'taken');
    const live = await liveSite('taken/live');
    const links = prelinker();
    links.prepare(releasesDir, live);
    const site = path.join(releasesDir, 'next/site');
    expect(await links.link(live, site)).toBe(true);
    for (const file of ['en/home.html', 'en/program/a.html'])
      expect(await inode(path.join(site, file)), file).toBe(await inode(path.join(live, file)));
    expect((await readdir(site)).sort()).toEqual(['en']);
    // Its folders are the new release's own, to write in.
    expect((await stat(path.join(site, 'en/program'))).mode & 0o200).toBe(0o200);
    expect(await prelinked(releasesDir)).toEqual([]);
  });

  it('is not taken by a release after another live one: linked from that one, the folder removed', async () => {
    const releasesDir = path.join(work, 'other');
    const first = await liveSite('other/first');
    const rolledBackTo = await liveSite('other/older');
    const links = prelinker();
    links.prepare(releasesDir, first);
    const site = path.join(releasesDir, 'next/site');
    expect(await links.link(rolledBackTo, site)).toBe(false);
    expect(await inode(path.join(site, 'en/home.html'))).toBe(await inode(path.join(rolledBackTo, 'en/home.html')));
    await links.cleared();
    expect(await prelinked(releasesDir)).toEqual([]);
    // Nothing prepared: linked now.
    expect(await links.link(first, path.join(releasesDir, 'after/site'))).toBe(false);
  });

  it('links now when preparing failed (the live release gone)', async () => {
    const releasesDir = path.join(work, 'failed');
    const live = await liveSite('failed/live');
    const links = prelinker();
    links.prepare(releasesDir, path.join(work, 'failed/no-such-release/site'));
    expect(await links.link(live, path.join(releasesDir, 'next/site'))).toBe(false);
    expect(await readdir(path.join(releasesDir, 'next/site/en'))).toContain('home.html');
  });

  it('removes what renderers that are gone left on this host, not what a running one holds', async () => {
    const releasesDir = path.join(work, 'leftovers');
    const live = await liveSite('leftovers/live');
    const links = prelinker();
    links.prepare(releasesDir, live);
    expect(await links.ready()).toBe(true);
    // The name this process uses, read from the folder it made: the same with other process ids.
    const [own, ...more] = await prelinked(releasesDir);
    expect(more).toEqual([]);
    expect(own).toMatch(new RegExp(`-${process.pid}$`));
    const named = (pid: number) => own!.replace(new RegExp(`-${process.pid}$`), `-${pid}`);
    // A process that has ended (2^22 + 1 is above Linux's largest pid), and one that runs (this one's parent).
    const gone = named(4_194_305);
    const running = named(process.ppid);
    for (const name of [gone, running, `${own}.trash-1`])
      await mkdir(path.join(releasesDir, name, 'en'), { recursive: true });
    links.prepare(releasesDir, live);
    expect(await links.ready()).toBe(true);
    await links.cleared();
    expect((await prelinked(releasesDir)).sort()).toEqual([own, running].sort());
    expect(await links.link(live, path.join(releasesDir, 'next/site'))).toBe(true);
  });
});
