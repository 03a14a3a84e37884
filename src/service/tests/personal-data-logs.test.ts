// The service's logs hold no personal data. `scripts/serve.ts` runs as a child process forwarding
// to the local CMS; a housing benefit application with two uploads (file names carrying the
// name and the date of birth), feedback and a correction request (name, e-mail, phone in their
// text), and refused versions of each (bad JSON, invalid fields) go over real HTTP; then
// everything the process wrote (stdout and stderr) is searched for the SIN, each date of birth in
// every format it could take, the names, the e-mail, the phone, the address and the application
// number. Also: every log
// line is one JSON object, and a request is followed by its id from its answer to its forwarding.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import {
  CHILD_DOB,
  DOB,
  pdf,
  png,
  SPOUSE_DOB,
  upload,
  validApplication,
} from '../../features/chb-registration/tests/support.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

let cms: Awaited<ReturnType<typeof startLocalCms>>;
let service: ServiceProcess;

beforeAll(async () => {
  cms = await startLocalCms({ port: 0, webformDir: await mkdtemp(path.join(os.tmpdir(), 'hlog-cms-')), log: () => {} });
  service = await startServiceProcess({ WEBFORM_URL: cms.url, RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await service?.stop();
  await cms?.close();
});

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** A date of birth as any code or person could write it. */
function dateForms(iso: string): string[] {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const month = Number(m) - 1;
  const [mm, dd] = [String(Number(m)), String(Number(d))];
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return [
    iso,
    `${y}${m}${d}`,
    `${y}/${m}/${d}`,
    `${d}/${m}/${y}`,
    `${m}/${d}/${y}`,
    `${d}-${m}-${y}`,
    `${m}-${d}-${y}`,
    `${d}.${m}.${y}`,
    `${y}-${mm}-${dd}`,
    `${mm}/${dd}/${y}`,
    `${dd}/${mm}/${y}`,
    `${MONTHS_EN[month]} ${dd}, ${y}`,
    `${dd} ${MONTHS_EN[month]} ${y}`,
    `${dd} ${MONTHS_FR[month]} ${y}`,
    String(ms),
    String(ms / 1000),
    new Date(ms).toISOString(),
    new Date(ms).toUTCString(),
  ];
}

const SINS = ['046454286', '046 454 286', '046-454-286'];
const NAMES = ['Tremblay', 'Alex', 'Sam Tremblay'];
const CONTACT = ['alex@example.ca', '506-555-0123', '5065550123', '(506) 555-0123', '555-0123'];
const ADDRESS = ['12 King Street', 'King Street', 'E3B 1A1', 'E3B1A1', 'Fredericton'];
const FILE_NAMES = ['Tremblay bail 1987-03-14.pdf', 'Alex Tremblay 046454286.png'];
/** As they travel: tus metadata is base64, form posts are URL-encoded. */
const ENCODED = [
  ...FILE_NAMES.map((name) => Buffer.from(name).toString('base64')),
  'alex%40example.ca',
  'Alex+Tremblay',
];
const PERSONAL = [
  ...SINS,
  ...[DOB, SPOUSE_DOB, CHILD_DOB].flatMap(dateForms),
  ...NAMES,
  ...CONTACT,
  ...ADDRESS,
  ...ENCODED,
];

const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function until<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The application, with its two files, sent; returns its answer's request id and its number. */
async function sendApplication(): Promise<{ requestId: string; number: string }> {
  const lease = await upload(service.url, pdf(300_000), { filename: FILE_NAMES[0]!, group: 'rental' });
  const pay = await upload(service.url, png(), { filename: FILE_NAMES[1]!, group: 'employment' });
  expect([lease.last.status, pay.last.status]).toEqual([204, 204]);
  const body = validApplication([
    { uploadId: lease.id, group: 'rental', name: FILE_NAMES[0]! },
    { uploadId: pay.id, group: 'employment', name: FILE_NAMES[1]! },
  ]);
  // Refused first: a SIN that fails its check digit, and a body that is not JSON at all.
  const badSin = { ...body, applicant: { ...body.applicant, sin: '046 454 287' } };
  expect((await json(`${service.url}/api/applications`, badSin)).status).toBe(422);
  const broken = await fetch(`${service.url}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"applicant":{"lastName":"Tremblay","sin":"046454286","dateOfBirth":"${DOB}"`,
  });
  expect(broken.status).toBe(400);
  const response = await json(`${service.url}/api/applications`, body, { 'idempotency-key': 'log-scan-1' });
  expect(response.status).toBe(201);
  const { applicationNumber } = (await response.json()) as { applicationNumber: string };
  return { requestId: response.headers.get('x-request-id')!, number: applicationNumber };
}

async function sendFeedbackAndCorrection() {
  const comment = 'Alex Tremblay here, call me at 506-555-0123 or alex@example.ca, 12 King Street, Fredericton';
  const feedback = { page: '/en/home', lang: 'en', answer: 'no', comment };
  expect((await json(`${service.url}/api/feedback`, feedback)).status).toBe(200);
  const form = await fetch(`${service.url}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: service.url },
    body: new URLSearchParams(feedback).toString(),
    redirect: 'manual',
  });
  // Without JavaScript the service answers the feedback with its own thank-you page.
  expect(form.status).toBe(200);
  const correction = {
    page: '/en/home',
    lang: 'en',
    type: 'wrong_information',
    description: `My SIN 046 454 286 and birth date ${DOB} are wrong (Alex Tremblay, E3B 1A1)`,
    email: 'alex@example.ca',
  };
  expect((await json(`${service.url}/api/corrections`, correction)).status).toBe(200);
  expect((await json(`${service.url}/api/corrections`, { ...correction, email: 'Tremblay 046454286' })).status).toBe(
    400,
  );
  expect((await json(`${service.url}/api/feedback`, { ...feedback, answer: 'Tremblay' })).status).toBe(400);
}

describe('the logs of a full application, feedback and a correction', () => {
  it('hold no SIN, date of birth, name, e-mail, phone or address, and follow a request by its id', async () => {
    const { requestId, number } = await sendApplication();
    await sendFeedbackAndCorrection();
    // Forwarded: the CMS has the application and the three valid submissions.
    await until(async () => {
      const got = (await (await fetch(new URL('/webform_rest/_received', cms.url))).json()) as {
        submissions: unknown[];
      };
      return got.submissions.length >= 4 ? true : undefined;
    });
    await until(async () => (service.stdout().some((l) => l.includes('"forwarded application')) ? true : undefined));
    await service.stop();

    const everything = service.output();
    for (const value of PERSONAL) expect(everything, value).not.toContain(value);
    // The application number is what an applicant quotes to reach their file: never logged either.
    for (const value of [number, number.replaceAll('-', ''), number.replaceAll('-', ' ')])
      expect(everything, value).not.toContain(value);
    expect(everything.toLowerCase()).not.toContain('alex@example.ca');

    // One JSON object per line, with its time, level and message.
    const lines = service.stdout().map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of lines) {
      expect(typeof line.time, JSON.stringify(line)).toBe('string');
      expect(['info', 'warn', 'error']).toContain(line.level);
      expect(typeof line.msg).toBe('string');
    }
    // Followed by its id: the answer, then the forwarding of what it stored.
    const mine = lines.filter((l) => l.requestId === requestId).map((l) => l.msg);
    expect(mine).toContain('POST /api/applications 201');
    expect(mine.some((m) => /^forwarding application \d+ \(attempt 1\)$/.test(String(m)))).toBe(true);
    expect(mine.some((m) => /^forwarded application \d+$/.test(String(m)))).toBe(true);
    const answered = lines.find((l) => l.requestId === requestId && l.route === '/api/applications')!;
    expect(answered).toMatchObject({ level: 'info', method: 'POST', status: 201 });
    expect(typeof answered.durationMs).toBe('number');
  });
});
