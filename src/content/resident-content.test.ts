import { afterEach, describe, expect, it } from 'vitest';
import { oncePerContent, residentEntries, setResidentContent } from './resident-content.ts';

afterEach(() => setResidentContent(undefined));

describe('oncePerContent', () => {
  const counted = () => {
    let runs = 0;
    const paths = oncePerContent(async () => {
      runs++;
      return (residentEntries('programs') ?? []).map((entry) => ({ params: {}, props: { entry } }));
    });
    return { paths, runs: () => runs };
  };

  it('runs once per content set in the resident renderer: the props hashes and the render share the result', async () => {
    const { paths, runs } = counted();
    const first = new Map([['programs', [{ id: 'a' }]]]);
    setResidentContent(first);
    const hashed = await paths();
    const rendered = await paths();
    expect(runs()).toBe(1);
    expect(rendered).toBe(hashed);
    // The next change's content is another set: read again, never the last one's answer.
    setResidentContent(new Map([['programs', [{ id: 'a' }, { id: 'b' }]]]));
    expect((await paths()).map((p) => p.props.entry)).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(runs()).toBe(2);
    setResidentContent(first);
    expect(await paths()).toBe(hashed);
    expect(runs()).toBe(2);
  });

  it('runs at every call in a static build (no content set)', async () => {
    const { paths, runs } = counted();
    await paths();
    await paths();
    expect(runs()).toBe(2);
  });

  it('keeps each wrapped function apart', async () => {
    const one = counted();
    const other = counted();
    setResidentContent(new Map([['programs', [{ id: 'a' }]]]));
    await one.paths();
    await other.paths();
    expect([one.runs(), other.runs()]).toEqual([1, 1]);
  });
});
