// Edit to live: the local CMS (at LOCAL_CMS_SCALE programs per language) sends its signed webhook
// on an editor's PATCH; the service rebuilds into a new release and switches to it. Reports the
// cold first release, then the time from the PATCH until the served page shows the new title.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalCms } from '../local-cms/server.ts';
import { signedWebhookHeaders } from '../../src/service/publishing/webhook-signature.ts';
import { startServer } from '../../src/service/start.ts';

/** The search of a rebuild, as the publisher's status reports it (src/release/publisher/publisher.ts). */
export interface RebuildSearch {
  when: string;
  state: string;
  liveAfterMs: number | null;
  kind?: string;
  pages?: number;
  hidden?: number;
}

/** The publisher's status (GET /hooks/cms/status), the fields the bench reads. */
interface PublisherStatus {
  building: boolean;
  queued: number;
  buildsSinceStart: number;
  lastBuild: {
    result: string;
    error: string | null;
    durationMs: number;
    phases?: Record<string, number> | null;
    search?: RebuildSearch | null;
  } | null;
}

const secret = 'bench-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'bench' };
const pause = () => new Promise((r) => setTimeout(r, 100));

/** The service (publishing into `work`) and the local CMS whose webhook points at it. */
async function startBenchServices(work: string, scale: number, root: string) {
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(work, 'none') },
    dataDir: path.join(work, 'data'),
    publishing: { webhookSecret: secret, releasesDir: path.join(work, 'releases') },
    root,
    log: () => undefined,
  });
  const cms = await startLocalCms({
    port: 0,
    scale: scale || undefined,
    auth,
    webhookSecret: secret,
    webhookUrl: `${server.url}/hooks/cms`,
    log: () => undefined,
  });
  return { server, cms };
}

async function publisherStatus(serverUrl: string): Promise<PublisherStatus> {
  const response = await fetch(`${serverUrl}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } });
  return (await response.json()) as PublisherStatus;
}

/** Waits until the publisher has finished `builds` builds and has nothing running or queued. */
async function settle(serverUrl: string, builds: number): Promise<PublisherStatus> {
  for (;;) {
    const s = await publisherStatus(serverUrl);
    if (
      s.buildsSinceStart >= builds &&
      !s.building &&
      s.queued === 0 &&
      s.lastBuild &&
      s.lastBuild.result !== 'running'
    )
      return s;
    await pause();
  }
}

/** Cold: the first release, triggered by a signed webhook as the CMS would send it. */
async function coldRelease(serverUrl: string) {
  const body = JSON.stringify({ event: 'bench' });
  const ts = Math.floor(Date.now() / 1000);
  const started = performance.now();
  await fetch(`${serverUrl}/hooks/cms`, {
    method: 'POST',
    body,
    headers: signedWebhookHeaders(secret, body, ts),
  });
  const cold = await settle(serverUrl, 1);
  if (cold.lastBuild?.result !== 'success') throw new Error(`first build failed: ${cold.lastBuild?.error}`);
  return { cold, coldSeconds: (performance.now() - started) / 1000 };
}

async function homeSupportId(cmsUrl: string): Promise<string> {
  const response = await fetch(`${cmsUrl}jsonapi/node/program?filter[path.alias]=/program/home-support-services`);
  const list = (await response.json()) as { data: Array<{ id: string }> };
  return list.data[0]!.id;
}

/** An editor's PATCH of program `id`'s title, as Drupal's JSON:API takes it. */
async function patchTitle(cmsUrl: string, id: string, title: string): Promise<void> {
  const patch = await fetch(`${cmsUrl}jsonapi/node/program/${id}`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    },
    body: JSON.stringify({ data: { type: 'node--program', id, attributes: { title } } }),
  });
  if (!patch.ok) throw new Error(`PATCH answered ${patch.status}`);
}

/** Polls the served program page until it shows `title`; a failed rebuild ends the wait. */
async function waitUntilServed(serverUrl: string, title: string): Promise<void> {
  // The status (two database writes for its token check) every tenth round, as edit-to-live.ts does.
  for (let round = 0; ; round++) {
    const page = await (await fetch(`${serverUrl}/en/program/home-support-services`)).text();
    if (page.includes(title)) return;
    if (round % 10 === 9) {
      const s = await publisherStatus(serverUrl);
      if (s.buildsSinceStart >= 2 && !s.building && s.lastBuild?.result === 'failed')
        throw new Error(`rebuild failed: ${s.lastBuild.error}`);
    }
    await pause();
  }
}

/** The seconds from an editor's PATCH until the served page shows the new title. */
async function editToLive(serverUrl: string, cmsUrl: string): Promise<number> {
  const id = await homeSupportId(cmsUrl);
  const title = `Home Support Services (bench ${Date.now()})`;
  const started = performance.now();
  await patchTitle(cmsUrl, id, title);
  await waitUntilServed(serverUrl, title);
  return (performance.now() - started) / 1000;
}

const tenths = (value: number) => Math.round(value * 10) / 10;

export async function rebuildTiming({ scale = 1000, root = path.resolve(import.meta.dirname, '../..') } = {}) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-rebuild-'));
  const { server, cms } = await startBenchServices(work, scale, root);
  const previousCms = process.env.CMS_URL;
  process.env.CMS_URL = cms.url;
  try {
    const { cold, coldSeconds } = await coldRelease(server.url);
    const editToLiveSeconds = await editToLive(server.url, cms.url);
    const rebuild = await settle(server.url, 2);
    return {
      scale,
      coldReleaseSeconds: tenths(coldSeconds),
      editToLiveSeconds: tenths(editToLiveSeconds),
      rebuildBuildSeconds: Math.round((rebuild.lastBuild?.durationMs ?? NaN) / 100) / 10,
      coldPhases: cold.lastBuild?.phases ?? null,
      phases: rebuild.lastBuild?.phases ?? null,
      search: rebuild.lastBuild?.search ?? null,
    };
  } finally {
    if (previousCms === undefined) delete process.env.CMS_URL;
    else process.env.CMS_URL = previousCms;
    await cms.close();
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await rebuildTiming({ scale: Number(process.env.BENCH_REBUILD_SCALE ?? 1000) }));
