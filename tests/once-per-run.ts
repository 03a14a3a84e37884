// Something made once per Vitest run and shared by the files that ask for it (the built site,
// the publishing tests' first release): the first file to ask makes it (a folder made with mkdir
// is the lock, atomic across the workers), the others wait for its outcome, a value or why it
// failed, written in `dir` (a folder of the run, tests/global-setup.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const MADE = 'made:';

/** `make`'s value, made in this file if it is the first to ask, else once another made it. */
export async function oncePerRun(dir: string, what: string, make: () => Promise<string>): Promise<string> {
  const outcome = path.join(dir, 'outcome');
  if (
    await mkdir(path.join(dir, 'lock')).then(
      () => true,
      () => false,
    )
  ) {
    const made = await make().then(
      (value) => `${MADE}${value}`,
      (error: Error) => error.message,
    );
    await writeFile(outcome, made);
  }
  for (;;) {
    const text = await readFile(outcome, 'utf8').catch(() => null);
    if (text?.startsWith(MADE)) return text.slice(MADE.length);
    if (text !== null) throw new Error(`${what} failed:\n${text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
