// Helpers for the housing benefit intake tests: a started intake service (temporary DATA_DIR),
// tus uploads with plain fetch following the tus 1.0 protocol, and a valid application.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type ServerOptions } from '../../../service/start.ts';
import type { Storage } from '../../../service/storage/types.ts';
import { registrationRepositories } from '../server/storage/registration-storage.ts';
import type { PostgresCluster } from '../../../service/storage/tests/postgres-cluster.ts';
import { testPostgres } from '../../../service/storage/tests/shared-postgres.ts';

export const closers: Array<() => Promise<void>> = [];
export async function closeAll() {
  while (closers.length) await closers.pop()!();
}

/** Where intake() services store: SQLite in their DATA_DIR, or a fresh PostgreSQL database. */
const storageUnderTest: { database?: (() => Promise<string>) | undefined } = {};

/** In a describe block: its services store on `engine` (PostgreSQL: the run’s cluster, a database per service). */
export function onEngine(engine: string) {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    if (engine !== 'postgres') return;
    cluster = await testPostgres();
    storageUnderTest.database = () => cluster!.database();
  });
  afterAll(async () => {
    storageUnderTest.database = undefined;
    await cluster?.stop();
  });
}

export async function intake(options: Partial<ServerOptions> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hsrv-data-'));
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'hsrv-dist-'));
  const logs: string[] = [];
  const server = await startServer({
    port: 0,
    site: { distDir },
    dataDir,
    databaseUrl: await storageUnderTest.database?.(),
    log: (l) => logs.push(l),
    ...options,
    limits: { rateLimitPerMinute: 1000, ...options.limits },
  });
  closers.push(server.close);
  const submit = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return { server, dataDir, logs, submit };
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
/** An application as stored, with its files and its forwarding state (one outbox item). */
export async function storedApplication(storage: Storage, number: string) {
  const { applications, uploads } = registrationRepositories(storage);
  const record = await applications.get(number);
  if (!record) return undefined;
  const forwarding = await storage.outbox.state('application', number);
  return {
    ...record,
    files: await uploads.ofApplication(record.id),
    deliveredAt: forwarding?.deliveredAt ?? null,
    forwardFailed: forwarding?.failed ?? null,
  };
}

export const TUS = { 'tus-resumable': '1.0.0' };

/** Each created upload's token (Upload-Token of its creation), by its id (any node's URL). */
const tokens = new Map<string, string>();
const idIn = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
/** The tus headers of a request on the upload at `url`, with the token its creation answered. */
export const tusFor = (url: string) => ({ ...TUS, 'upload-token': tokens.get(idIn(url)) ?? '' });
/** Keeps the token of a creation's answer for the upload; returns the upload's URL. */
export function keepToken(base: string, response: Response): string {
  const location = response.headers.get('location');
  if (!location) return '';
  const url = new URL(location, base).href;
  tokens.set(idIn(url), response.headers.get('upload-token') ?? '');
  return url;
}

export async function createUpload(
  base: string,
  meta: { filename: string; group: string; filetype?: string; lang?: string },
  length: number,
) {
  const response = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
  const location = response.headers.get('location');
  return { response, url: keepToken(base, response), id: location?.split('/').pop() ?? '' };
}

export function patch(
  url: string,
  offset: number,
  body: Uint8Array | ReadableStream<Uint8Array>,
  init: RequestInit = {},
) {
  return fetch(url, {
    method: 'PATCH',
    headers: { ...tusFor(url), 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    body,
    duplex: 'half',
    ...init,
  } as RequestInit);
}

/** Creates and sends a whole file in 1 MB chunks; returns the upload id and the last answer. */
export async function upload(
  base: string,
  bytes: Uint8Array,
  meta: { filename: string; group: string },
  chunk = 1024 * 1024,
) {
  const created = await createUpload(base, meta, bytes.length);
  if (created.response.status !== 201) return { id: '', last: created.response };
  let last = created.response;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    last = await patch(created.url, offset, bytes.subarray(offset, offset + chunk));
    if (last.status !== 204) break;
  }
  return { id: created.id, url: created.url, last };
}

export const pdf = (size = 2000) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
};
export const png = (size = 3000) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};

export const SIN = '046454286';
export const DOB = '1987-03-14';
export const CHILD_DOB = '2015-06-30';
export const SPOUSE_DOB = '1985-11-02';

export function validApplication(
  uploads: Array<{ uploadId: string; uploadToken?: string; group: string; name: string }> = [],
  lang: 'en' | 'fr' = 'en',
) {
  const address = {
    streetNumber: '12',
    streetName: 'King Street',
    unit: '',
    city: 'Fredericton',
    province: 'NB',
    postalCode: 'E3B 1A1',
  };
  return {
    lang,
    applicant: {
      firstName: 'Alex',
      preferredName: '',
      middleInitials: '',
      lastName: 'Tremblay',
      email: 'alex@example.ca',
      phone: '506-555-0123',
      cellPhone: '',
      dateOfBirth: DOB,
      gender: 'female',
      genderSelfDescribe: '',
      writtenLanguage: 'en',
      spokenLanguage: 'fr',
      communication: 'email',
      sin: '046 454 286',
      homeAddress: address,
      mailingDifferent: false,
    },
    members19Plus: [
      { firstName: 'Sam', lastName: 'Tremblay', gender: 'male', dateOfBirth: SPOUSE_DOB, relationship: 'spouse' },
    ],
    members18Under: [
      { firstName: 'Lou', lastName: 'Tremblay', gender: 'prefer_not', dateOfBirth: CHILD_DOB, relationship: 'child' },
    ],
    rental: {
      monthlyRent: '950',
      utilitiesIncluded: 'no',
      water: '40',
      electricity: '120',
      heat: '80',
      rentalType: 'private',
    },
    employment: [{ employer: 'Bakery', hoursPerWeek: '30', hourlyRate: '17.50' }],
    income: { employment: { applicant: '27300', spouse: '', members: '' } },
    consents: {
      contactExperience: false,
      shareInformation: true,
      authorizeVerify: true,
      emailContact: true,
      emailRisk: true,
    },
    declaration: true,
    confirmComplete: true,
    // Uploads made through these helpers carry the proof their creation answered.
    uploads: uploads.map((u) => ({ uploadToken: tokens.get(u.uploadId) ?? '', ...u })),
  };
}
