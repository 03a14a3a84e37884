// Resumable uploads for the registration form: Uppy's headless core with its tus plugin, loaded
// only when the first file is added (page weight), one file at a time in 1 MB chunks so a slow
// link is never flooded, resuming after a dropped connection or a reload (tus fingerprints).
// The file's type is checked from its first bytes here and again by the server.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Uppy } from '@uppy/core';
import type { Lang } from '../../../i18n/languages.ts';
import type { UploadGroup } from '../rules/options.ts';
import {
  detectFileType,
  MAX_UPLOAD_BYTES,
  retryUploadAfter,
  uploadErrorFromStatus,
  type UploadErrorCode,
} from '../rules/upload-rules.ts';
import { uploadMessage } from '../messages.ts';
import { randomUuid } from '../../../site/rules/random-uuid.ts';

export interface UploadItem {
  id: string;
  group: UploadGroup;
  name: string;
  size: number;
  progress: number;
  status: 'checking' | 'waiting' | 'uploading' | 'done' | 'error';
  error?: string;
  uploadId?: string;
  /** The proof of holding it, named with it in the application. */
  uploadToken?: string;
  /** Files refused before upload can't be retried, only removed. */
  retryable?: boolean;
}

const CHUNK_BYTES = 1024 * 1024;

type TusResponse = { getStatus: () => number };

// The status of each answer, read when it arrives: by the time Uppy emits 'upload-error' it has
// aborted the request, and the XMLHttpRequest then reads 0 (every refusal was "unknown").
const statuses = new WeakMap<TusResponse, number>();

/** The HTTP status of a failed tus request, 0 when there was no answer. */
const statusOf = (error: unknown): number => {
  const response = (error as { originalResponse?: TusResponse | null } | undefined)?.originalResponse;
  return (response && (statuses.get(response) ?? response.getStatus())) || 0;
};

// Every request on an upload after its creation carries the token the creation answered (the
// server refuses it otherwise: the upload's URL alone is no proof). Kept in memory for this page,
// and beside tus's own resume record until the upload is done, so that a reload resumes it.
const TOKEN_HEADER = 'Upload-Token';
const TOKEN_KEY = 'upload-token:';
const tokens = new Map<string, string>();
const stored = {
  get: (url: string) => {
    try {
      return localStorage.getItem(TOKEN_KEY + url) ?? undefined;
    } catch {
      return undefined;
    }
  },
  set: (url: string, token: string) => {
    try {
      localStorage.setItem(TOKEN_KEY + url, token);
    } catch {
      // private mode or full: the upload still works, a reload starts it again
    }
  },
  remove: (url: string) => {
    try {
      localStorage.removeItem(TOKEN_KEY + url);
    } catch {
      // nothing kept
    }
  },
};
type TusRequest = { getMethod: () => string; getURL: () => string; setHeader: (name: string, value: string) => void };
type TusAnswer = TusResponse & { getHeader: (name: string) => string | undefined };

/** An upload's URL as one key, whether tus has it relative (same origin) or absolute. */
const absolute = (url: string, base = window.location.href) => new URL(url, new URL(base, window.location.href)).href;

/** A creation's token, kept for the upload's URL. */
function keepToken(request: TusRequest, response: TusAnswer) {
  const location = response.getHeader('Location');
  const token = response.getHeader(TOKEN_HEADER);
  if (request.getMethod() !== 'POST' || response.getStatus() !== 201 || !location || !token) return;
  const url = absolute(location, request.getURL());
  tokens.set(url, token);
  stored.set(url, token);
}

function sendToken(request: TusRequest) {
  if (request.getMethod() === 'POST') return;
  const url = absolute(request.getURL());
  const token = tokens.get(url) ?? stored.get(url);
  if (token) request.setHeader(TOKEN_HEADER, token);
}

/** Uppy with tus, loaded on the first file; its events update the rows through `patch` and `fail`. */
async function createUppy(
  endpoint: string,
  patch: (id: string, change: Partial<UploadItem>) => void,
  fail: (id: string, code: UploadErrorCode, retryable: boolean) => void,
): Promise<Uppy> {
  const [{ default: Core }, { default: Tus }] = await Promise.all([import('@uppy/core'), import('@uppy/tus')]);
  const instance = new Core({ autoProceed: true, allowMultipleUploadBatches: true });
  instance.use(Tus, {
    endpoint,
    chunkSize: CHUNK_BYTES,
    limit: 1,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    // Uppy's own rule retries a 429 (and tus a 507) through every delay, about 19 s, before
    // the reader learns that the quota was reached: a refusal is not retried here.
    onShouldRetry: (error, _attempt, _options, next) => retryUploadAfter(statusOf(error)) && next(error),
    onBeforeRequest: (request) => sendToken(request),
    onAfterResponse: (request, response) => {
      statuses.set(response, response.getStatus());
      keepToken(request, response);
    },
    removeFingerprintOnSuccess: true,
  });
  instance.on('upload', (_id, files) => files.forEach((f) => patch(f.id, { status: 'uploading' })));
  instance.on('upload-progress', (file, progress) => {
    if (!file || !progress.bytesTotal) return;
    patch(file.id, {
      status: 'uploading',
      progress: Math.floor((progress.bytesUploaded / progress.bytesTotal) * 100),
    });
  });
  instance.on('upload-success', (file, response) => {
    if (!file) return;
    const url = response.uploadURL ?? '';
    // Done: nothing left to resume (the token stays in memory, for a removal's DELETE).
    if (url) stored.remove(absolute(url));
    patch(file.id, {
      uploadToken: url ? tokens.get(absolute(url)) : undefined,
      status: 'done',
      progress: 100,
      uploadId: url.split('/').filter(Boolean).pop() ?? '',
      error: undefined,
    });
  });
  instance.on('upload-error', (file, error) => {
    if (!file) return;
    const code = uploadErrorFromStatus(statusOf(error));
    fail(file.id, code, code === 'unknown');
  });
  return instance;
}

export function useUploads(lang: Lang, endpoint: string) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const uppyRef = useRef<Promise<Uppy> | null>(null);
  const patch = useCallback(
    (id: string, change: Partial<UploadItem>) =>
      setItems((list) => list.map((it) => (it.id === id ? { ...it, ...change } : it))),
    [],
  );
  const fail = useCallback(
    (id: string, code: UploadErrorCode, retryable: boolean) =>
      patch(id, { status: 'error', error: uploadMessage(lang, code), retryable }),
    [lang, patch],
  );

  const uppy = useCallback(() => {
    uppyRef.current ??= createUppy(endpoint, patch, fail);
    return uppyRef.current;
  }, [endpoint, patch, fail]);

  useEffect(() => () => void uppyRef.current?.then((u) => u.destroy()), []);

  const add = useCallback(
    async (group: UploadGroup, file: File) => {
      const id = `local-${randomUuid()}`;
      setItems((list) => [...list, { id, group, name: file.name, size: file.size, progress: 0, status: 'checking' }]);
      if (file.size > MAX_UPLOAD_BYTES) return fail(id, 'too_large', false);
      const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
      if (!detectFileType(head)) return fail(id, 'wrong_type', false);
      try {
        const instance = await uppy();
        // Uppy refuses a second copy of the same file (say, one letter for two groups): give the
        // copy its own identity, which only costs it resuming after a reload.
        const duplicate = instance
          .getFiles()
          .some(
            (f) => f.name === file.name && f.size === file.size && (f.data as File).lastModified === file.lastModified,
          );
        const data = duplicate
          ? new File([file], file.name, {
              type: file.type,
              lastModified: Date.now() + Math.floor(Math.random() * 1000),
            })
          : file;
        const uppyId = instance.addFile({
          name: file.name,
          type: file.type || 'application/octet-stream',
          data,
          // The page's language: the service answers a refusal in it (whatever the browser's).
          meta: { group, filename: file.name, filetype: file.type, lang },
        });
        // Uppy names the file; keep our row and Uppy's id in step.
        setItems((list) => list.map((it) => (it.id === id ? { ...it, id: uppyId, status: 'waiting' } : it)));
      } catch {
        fail(id, 'unknown', false);
      }
    },
    [fail, uppy, lang],
  );

  const remove = useCallback(
    (id: string) => {
      setItems((list) => list.filter((it) => it.id !== id));
      if (!id.startsWith('local-')) void uppy().then((u) => u.getFile(id) && u.removeFile(id));
    },
    [uppy],
  );

  const retry = useCallback(
    (id: string) => {
      patch(id, { status: 'waiting', error: undefined, progress: 0 });
      void uppy()
        .then((u) => u.retryUpload(id))
        .catch(() => fail(id, 'unknown', true));
    },
    [uppy, patch, fail],
  );

  return { items, add, remove, retry };
}
