// `npm run outbox`: what the intake service has not delivered to the CMS yet, on DATA_DIR.
//   npm run outbox                 list pending and failed items
//   npm run outbox -- retry <ref>  put a failed item back in line (`all` for every failed item)
//   npm run outbox -- discard <ref> stop forwarding a failed item (it stays stored in DATA_DIR)
// <ref> is `submission:<id>` or `application:<number>`, as listed (one outbox table for both). Safe while the service runs
// (SQLite WAL); the service picks retried items up within 30 seconds.
import path from 'node:path';
import { databaseSchema, optionsFrom } from '../src/config/service-options.ts';
import { ConfigError } from '../src/config/settings.ts';
import { openIntakeStorage } from '../src/service/intake-storage.ts';

const root = path.resolve(import.meta.dirname, '..');
// The database as the service reads it (src/config/service-options.ts).
let where: ReturnType<typeof optionsFrom<ReturnType<typeof databaseSchema>>>;
try {
  where = optionsFrom(databaseSchema(root));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const [command = 'list', ref] = process.argv.slice(2);
const { dataDir, databaseUrl } = where;
const storage = await openIntakeStorage(where);
const { outbox } = storage;
try {
  if (command === 'list') {
    const items = await outbox.list();
    const counts = await outbox.counts();
    console.log(`${counts.pending} pending, ${counts.failed} failed (${databaseUrl ? 'PostgreSQL' : dataDir})`);
    for (const item of items) {
      const state = item.failed
        ? `FAILED: ${item.failed}`
        : `pending, next attempt ${new Date(item.nextAttemptAt || Date.now()).toISOString()}${item.lastError ? ` (last error: ${item.lastError})` : ''}`;
      console.log(`${item.ref}  ${item.kind}  received ${item.createdAt}  attempts ${item.attempts}  ${state}`);
    }
  } else if ((command === 'retry' || command === 'discard') && ref) {
    const refs = ref === 'all' ? (await outbox.list()).filter((i) => i.failed).map((i) => i.ref) : [ref];
    const done: string[] = [];
    for (const r of refs) if (await (command === 'retry' ? outbox.retry(r) : outbox.discard(r))) done.push(r);
    for (const r of refs)
      console.log(
        `${r}: ${done.includes(r) ? (command === 'retry' ? 'back in line' : 'discarded (kept in DATA_DIR, not forwarded)') : 'no failed item by that name'}`,
      );
    if (done.length !== refs.length) process.exitCode = 1;
  } else {
    console.error(
      'Usage: npm run outbox [-- list | retry <submission:ID|application:NUMBER|all> | discard <submission:ID|application:NUMBER|all>]',
    );
    process.exitCode = 2;
  }
} finally {
  await storage.close();
}
