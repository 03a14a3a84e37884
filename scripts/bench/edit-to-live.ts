// Edit to live with the resident renderer (src/release/resident/): after the cold first release,
// an editor's create, edit, rename, unpublish and delete in the local CMS (at LOCAL_CMS_SCALE
// programs per language), each timed from the CMS write (whose signed webhook starts the build)
// until the service serves the change: the page and its category listing for a create and an edit,
// the new address for a rename, a 404 for an unpublish and a delete. Reports each with the build's
// phases, who made the release, the pages rendered and the renderer's memory, and the intake node's
// own peak resident memory (it runs as `npm run serve` does, in a process of its own: the builds and
// the renderer are its publisher's children, not part of it).
// `node scripts/bench/edit-to-live.ts` (BENCH_EDIT_SCALES, default 1000).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalCms } from '../local-cms/server.ts';
import { signedWebhookHeaders } from '../../src/service/publishing/webhook-signature.ts';
import { freePort, startIntakeNode } from './intake-node-process.ts';

const secret = 'bench-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'bench' };
const pause = () => new Promise((r) => setTimeout(r, 50));
const tenths = (value: number) => Math.round(value * 10) / 10;

interface Status {
  building: boolean;
  queued: number;
  buildsSinceStart: number;
  lastBuild: {
    result: string;
    error: string | null;
    phases?: Record<string, number> | null;
    builder?: { builder: string; reason?: string; pages?: number; memoryMb?: number } | null;
  } | null;
}

interface Stack {
  serverUrl: string;
  cmsUrl: string;
  builds: number;
}

const status = async (stack: Stack) =>
  (await (
    await fetch(`${stack.serverUrl}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as Status;

/** The status once the builds are done (read every 250 ms: see servedWhen). */
async function settle(stack: Stack): Promise<Status> {
  for (;;) {
    const s = await status(stack);
    if (s.buildsSinceStart >= stack.builds && !s.building && s.queued === 0 && s.lastBuild?.result !== 'running')
      return s;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function write(stack: Stack, method: string, url: string, body?: unknown): Promise<void> {
  const response = await fetch(`${stack.cmsUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
}

type Node = { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> };
async function program(stack: Stack, alias: string): Promise<Node> {
  const response = await fetch(`${stack.cmsUrl}jsonapi/node/program?filter[path.alias]=${alias}`);
  return ((await response.json()) as { data: Node[] }).data[0]!;
}

/**
 * Polls until every path answers as `expect` says (a failed build ends the wait). The status, whose
 * token check writes to the intake's database twice, is read every tenth round, not every 50 ms: at
 * 20 a second those writes were 10 s of the intake's CPU over a run at 10,000, beside the build.
 */
async function servedWhen(stack: Stack, checks: Array<[string, (status: number, text: string) => boolean]>) {
  for (let round = 0; ; round++) {
    let all = true;
    for (const [p, ok] of checks) {
      const response = await fetch(`${stack.serverUrl}${p}`);
      if (!ok(response.status, await response.text())) all = false;
    }
    if (all) return;
    if (round % 10 === 9) {
      const s = await status(stack);
      if (s.buildsSinceStart >= stack.builds && !s.building && s.lastBuild?.result === 'failed')
        throw new Error(`the build failed: ${s.lastBuild.error}`);
    }
    await pause();
  }
}

/** One change: its write, then the wait until it is served; its figures. */
async function timed(stack: Stack, change: () => Promise<void>, checks: Parameters<typeof servedWhen>[1]) {
  stack.builds++;
  const started = performance.now();
  await change();
  await servedWhen(stack, checks);
  const seconds = (performance.now() - started) / 1000;
  const s = await settle(stack);
  const builder = s.lastBuild?.builder;
  return {
    seconds: tenths(seconds),
    builder: builder?.builder ?? 'unknown',
    ...(builder?.reason ? { reason: builder.reason } : {}),
    pagesRendered: builder?.pages ?? null,
    rendererMemoryMb: builder?.memoryMb ?? null,
    phases: s.lastBuild?.phases ?? null,
  };
}

const shows = (text: string) => (code: number, body: string) => code === 200 && body.includes(text);
const gone = (code: number) => code === 404;

/** The five changes, in an order where each one's program exists. */
async function changes(stack: Stack) {
  const model = await program(stack, '/program/home-support-services');
  const stamp = Date.now();
  const created = { alias: `/program/bench-created-${stamp}`, title: `Bench created ${stamp}` };
  const create = await timed(
    stack,
    () =>
      write(stack, 'POST', 'jsonapi/node/program', {
        data: {
          type: 'node--program',
          attributes: { ...model.attributes, title: created.title, path: { alias: created.alias, langcode: 'en' } },
          relationships: model.relationships,
        },
      }),
    [[`/en${created.alias}`, shows(created.title)]],
  );
  const title = `Home Support Services (bench ${stamp})`;
  const edit = await timed(
    stack,
    () =>
      write(stack, 'PATCH', `jsonapi/node/program/${model.id}`, {
        data: { type: 'node--program', id: model.id, attributes: { title } },
      }),
    [
      ['/en/program/home-support-services', shows(title)],
      ['/en/home', shows(title)],
    ],
  );
  const mine = await program(stack, created.alias);
  const renamedTo = `${created.alias}-renamed`;
  const rename = await timed(
    stack,
    () =>
      write(stack, 'PATCH', `jsonapi/node/program/${mine.id}`, {
        data: { type: 'node--program', id: mine.id, attributes: { path: { alias: renamedTo, langcode: 'en' } } },
      }),
    [[`/en${renamedTo}`, shows(created.title)]],
  );
  const unpublish = await timed(
    stack,
    () =>
      write(stack, 'PATCH', `jsonapi/node/program/${mine.id}`, {
        data: { type: 'node--program', id: mine.id, attributes: { status: false } },
      }),
    [[`/en${renamedTo}`, gone]],
  );
  const other = await program(stack, '/program/tele-care-811');
  const remove = await timed(stack, () => write(stack, 'DELETE', `jsonapi/node/program/${other.id}`), [
    ['/en/program/tele-care-811', gone],
  ]);
  return { create, edit, rename, unpublish, delete: remove };
}

async function editToLiveTiming({ scale = 1000, root = path.resolve(import.meta.dirname, '../..') } = {}) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-edit-'));
  const port = await freePort();
  const cms = await startLocalCms({
    port: 0,
    scale: scale || undefined,
    auth,
    webhookSecret: secret,
    webhookUrl: `http://127.0.0.1:${port}/hooks/cms`,
    log: () => undefined,
  });
  const server = await startIntakeNode(root, {
    PORT: String(port),
    DIST_DIR: path.join(work, 'none'),
    DATA_DIR: path.join(work, 'data'),
    WEBHOOK_SECRET: secret,
    RELEASES_DIR: path.join(work, 'releases'),
    CMS_URL: cms.url,
  });
  const stack: Stack = { serverUrl: server.url, cmsUrl: cms.url, builds: 1 };
  try {
    const body = JSON.stringify({ event: 'bench' });
    const ts = Math.floor(Date.now() / 1000);
    const started = performance.now();
    await fetch(`${server.url}/hooks/cms`, {
      method: 'POST',
      body,
      headers: signedWebhookHeaders(secret, body, ts),
    });
    const cold = await settle(stack);
    if (cold.lastBuild?.result !== 'success') throw new Error(`first build failed: ${cold.lastBuild?.error}`);
    const coldSeconds = tenths((performance.now() - started) / 1000);
    const measured = await changes(stack);
    return {
      scale,
      coldReleaseSeconds: coldSeconds,
      ...measured,
      /** The intake node's peak resident memory over the whole run (the target: the same at 1,000 and 10,000, ± 50 MB). */
      intakeNodePeakMb: server.peakMb(),
    };
  } finally {
    await server.stop();
    await cms.close();
    await rm(work, { recursive: true, force: true });
  }
}

type Run = Awaited<ReturnType<typeof editToLiveTiming>>;
const KINDS = ['create', 'edit', 'rename', 'unpublish', 'delete'] as const;

/** The runs at BENCH_EDIT_SCALES (default 1,000, 5,000 and 10,000 per language), printed as tables. */
export async function benchEditToLive(root: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (const scale of (process.env.BENCH_EDIT_SCALES ?? '1000,5000,10000').split(',').map(Number)) {
    const run = await editToLiveTiming({ scale, root });
    runs.push(run);
    console.log(
      `edit to live at ${scale} programs per language (cold first release ${run.coldReleaseSeconds} s; intake node peak ${run.intakeNodePeakMb ?? '?'} MB):`,
    );
    console.table(
      Object.fromEntries(
        KINDS.map((k) => [
          k,
          {
            seconds: run[k].seconds,
            builder: run[k].builder,
            pages: run[k].pagesRendered,
            rendererMb: run[k].rendererMemoryMb,
          },
        ]),
      ),
    );
    console.table(Object.fromEntries(KINDS.map((k) => [k, run[k].phases ?? {}])));
  }
  return runs;
}

if (import.meta.main) await benchEditToLive(path.resolve(import.meta.dirname, '../..'));
