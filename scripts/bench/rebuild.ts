// Edit to live: the local CMS (at LOCAL_CMS_SCALE programs per language) sends its signed webhook
// on an editor's PATCH; the service rebuilds into a new release and switches to it. Reports the
// cold first release, then the time from the PATCH until the served page shows the new title.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalCms } from '../local-cms/server.ts';
import { signWebhook } from '../../src/service/publishing/webhook-signature.ts';
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

export async function rebuildTiming({ scale = 1000, root = path.resolve(import.meta.dirname, '../..') } = {}) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-rebuild-'));
  const secret = 'bench-secret-of-sufficient-length';
  const auth = { user: 'editor', password: 'bench' };
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
  const previousCms = process.env.CMS_URL;
  process.env.CMS_URL = cms.url;
  const status = async () =>
    (await (
      await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
    ).json()) as {
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
    };
  const settle = async (builds: number) => {
    for (;;) {
      const s = await status();
      if (
        s.buildsSinceStart >= builds &&
        !s.building &&
        s.queued === 0 &&
        s.lastBuild &&
        s.lastBuild.result !== 'running'
      )
        return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    // Cold: the first release, triggered by a signed webhook as the CMS would send it.
    const body = JSON.stringify({ event: 'bench' });
    const ts = Math.floor(Date.now() / 1000);
    let started = performance.now();
    await fetch(`${server.url}/hooks/cms`, {
      method: 'POST',
      body,
      headers: { 'x-webhook-timestamp': String(ts), 'x-webhook-signature': signWebhook(secret, body, ts) },
    });
    const cold = await settle(1);
    if (cold.lastBuild?.result !== 'success') throw new Error(`first build failed: ${cold.lastBuild?.error}`);
    const coldSeconds = (performance.now() - started) / 1000;

    const list = (await (
      await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/home-support-services`)
    ).json()) as { data: Array<{ id: string }> };
    const id = list.data[0]!.id;
    const title = `Home Support Services (bench ${Date.now()})`;
    started = performance.now();
    const patch = await fetch(`${cms.url}jsonapi/node/program/${id}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/vnd.api+json',
        authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
      },
      body: JSON.stringify({ data: { type: 'node--program', id, attributes: { title } } }),
    });
    if (!patch.ok) throw new Error(`PATCH answered ${patch.status}`);
    for (;;) {
      const page = await (await fetch(`${server.url}/en/program/home-support-services`)).text();
      if (page.includes(title)) break;
      const s = await status();
      if (s.buildsSinceStart >= 2 && !s.building && s.lastBuild?.result === 'failed')
        throw new Error(`rebuild failed: ${s.lastBuild.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const editToLiveSeconds = (performance.now() - started) / 1000;
    const rebuild = await settle(2);
    return {
      scale,
      coldReleaseSeconds: Math.round(coldSeconds * 10) / 10,
      editToLiveSeconds: Math.round(editToLiveSeconds * 10) / 10,
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
