// The quota in front of tus (upload-quota.ts): a creation (POST) only when the address and the
// uploads together stay within it, a chunk (PATCH) only when it leaves DATA_DIR its free-space
// reserve (else the partial upload is deleted); other requests go straight to tus.
import type { Server } from '@tus/server';
import type { Lang } from '../../../i18n/languages.ts';
import { refusal } from './upload-answers.ts';
import type { PartialUploads } from './partial-uploads.ts';
import { UPLOAD_PATH } from './tus-server.ts';
import type { createUploadQuota } from './upload-quota.ts';
import type { LogLine } from '../../../service/platform/log.ts';

interface QuotaGateOptions {
  tus: Server;
  quota: ReturnType<typeof createUploadQuota>;
  partials: PartialUploads;
  clientAddress: (request: Request, env: unknown) => string;
  log: LogLine;
}

export function quotaGate({ tus, quota, partials, clientAddress, log }: QuotaGateOptions) {
  /** A chunk goes to tus when DATA_DIR keeps its reserve after it. */
  async function chunk(request: Request, lang: Lang): Promise<Response> {
    const bytes = Number.parseInt(request.headers.get('content-length') ?? '', 10);
    if (!(await quota.reserveKept(Number.isFinite(bytes) ? bytes : 0))) {
      await request.body?.cancel().catch(() => {});
      await partials.drop(request, 'free-space reserve');
      return refusal(lang, 'storage_full');
    }
    return tus.handleWeb(request);
  }

  /** A creation goes to tus when the quota admits its declared length; the quota learns its id. */
  async function creation(request: Request, env: unknown, lang: Lang): Promise<Response> {
    const length = request.headers.get('upload-length');
    const declared = length !== null && /^\d{1,15}$/.test(length) ? Number(length) : null;
    const admission = await quota.admit(clientAddress(request, env), declared);
    if (admission.verdict !== 'ok') {
      log(
        `POST ${UPLOAD_PATH}: refused (${admission.verdict === 'client_quota' ? 'client address quota' : 'uploads quota or free-space reserve'})`,
        { level: 'warn' },
      );
      return refusal(lang, admission.verdict);
    }
    try {
      const response = await tus.handleWeb(request);
      const id = response.status === 201 ? (response.headers.get('location') ?? '').split('/').pop() : undefined;
      if (id) admission.created(id);
      else admission.abandoned();
      return response;
    } catch (error) {
      admission.abandoned();
      throw error;
    }
  }

  /** tus on a request the quota admitted (POST) or whose chunk leaves DATA_DIR its reserve (PATCH). */
  return async function withinQuota(request: Request, env: unknown, lang: Lang): Promise<Response> {
    if (request.method === 'PATCH') return chunk(request, lang);
    if (request.method === 'POST') return creation(request, env, lang);
    return tus.handleWeb(request);
  };
}
