// A database made before the registration's tables moved into the feature (its migrations 001 to
// 008, all the platform's then: fixtures/intake-schema-008.*.sql, the released files as they were)
// opens on both engines with nothing to apply and its rows readable; a new database gets the same
// schema from the platform's and the feature's migrations together; and a database opened without
// a feature's migrations is refused by the next opener that has them, never patched out of order.
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationStorage } from '../../features/chb-registration/server/storage/registration-storage.ts';
import { featureMigrations } from '../intake-storage.ts';
import { DATABASE_FILE, openSqlite } from '../storage/sqlite.ts';
import { openPostgres } from '../storage/postgres.ts';
import type { PostgresCluster } from '../storage/tests/postgres-cluster.ts';
import { testPostgres } from '../storage/tests/shared-postgres.ts';
import type { Storage } from '../storage/types.ts';

const fixture = (engine: string) =>
  readFileSync(path.join(import.meta.dirname, `fixtures/intake-schema-008.${engine}.sql`), 'utf8');
const ROWS = `
INSERT INTO applications (number, lang, created_at, data) VALUES ('CHB-BASE2345', 'fr', '2026-11-20T12:00:00.000Z', '{"sealed":"v1.x"}');
INSERT INTO uploads (id, grp, filename, size, created_at, finished_at, detected_type, application_id, path)
  VALUES ('up-1', 'rental', 'bail.pdf', 10, 1, 2, 'application/pdf', 1, 'applications/CHB-BASE2345/up-1');
INSERT INTO outbox (kind, ref, created_at) VALUES ('application', 'CHB-BASE2345', '2026-11-20T12:00:00.000Z');`;

/** What a storage's database holds, engine aside: the versions recorded and the rows read back. */
async function contents(storage: Storage) {
  const registration = registrationStorage(storage);
  return {
    application: await registration.applications.get('CHB-BASE2345'),
    files: (await registration.uploads.ofApplication(1)).map((u) => u.path),
    outbox: await storage.outbox.counts(),
  };
}

const expected = {
  application: { id: 1, number: 'CHB-BASE2345', lang: 'fr', data: '{"sealed":"v1.x"}' },
  files: ['applications/CHB-BASE2345/up-1'],
  outbox: { pending: 1, failed: 0 },
};

describe('a database of the code before the feature kept its own tables', () => {
  describe('SQLite', () => {
    const schema = (file: string) => {
      const db = new DatabaseSync(file);
      const rows = db
        .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
        .all();
      const versions = db.prepare('SELECT version, applied_at FROM migrations ORDER BY version').all();
      db.close();
      return { rows, versions };
    };

    it('opens with nothing to apply, its rows as they were', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'base-db-'));
      const file = path.join(dataDir, DATABASE_FILE);
      const db = new DatabaseSync(file);
      db.exec(fixture('sqlite') + ROWS);
      db.close();
      const before = schema(file);
      const storage = openSqlite(dataDir, { migrations: featureMigrations });
      expect(await contents(storage)).toMatchObject(expected);
      await storage.close();
      expect(schema(file)).toEqual(before);
    });

    it('a new database gets the same schema from the platform and the feature together', async () => {
      const base = await mkdtemp(path.join(os.tmpdir(), 'base-db-'));
      const db = new DatabaseSync(path.join(base, DATABASE_FILE));
      db.exec(fixture('sqlite'));
      db.close();
      const fresh = await mkdtemp(path.join(os.tmpdir(), 'fresh-db-'));
      await openSqlite(fresh, { migrations: featureMigrations }).close();
      expect(schema(path.join(fresh, DATABASE_FILE)).rows).toEqual(schema(path.join(base, DATABASE_FILE)).rows);
    });

    it('the platform alone makes none of the feature’s tables', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'platform-db-'));
      await openSqlite(dataDir, { migrations: [] }).close();
      const names = schema(path.join(dataDir, DATABASE_FILE)).rows.map((r) => r.name);
      expect(names).not.toContain('applications');
      expect(names).not.toContain('uploads');
    });

    it('a database opened without the feature’s migrations is refused by name, not patched', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'platform-db-'));
      await openSqlite(dataDir, { migrations: [] }).close();
      expect(() => openSqlite(dataDir, { migrations: featureMigrations })).toThrow(
        /storage migration chb-registration\/002-applications-uploads\.sql was never applied/,
      );
    });
  });

  describe('PostgreSQL', () => {
    let cluster: PostgresCluster;
    beforeAll(async () => {
      cluster = await testPostgres();
    });
    afterAll(() => cluster?.stop());

    async function schema(url: string) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const columns = await client.query(
          `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
           WHERE table_schema = 'public' ORDER BY table_name, column_name`,
        );
        const indexes = await client.query(
          "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
        );
        const versions = await client.query('SELECT version, applied_at FROM migrations ORDER BY version');
        return { columns: columns.rows, indexes: indexes.rows, versions: versions.rows };
      } finally {
        await client.end();
      }
    }

    async function made(sql: string) {
      const url = await cluster.database();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(sql);
      await client.end();
      return url;
    }

    it('opens with nothing to apply, its rows as they were', async () => {
      const url = await made(fixture('postgres') + ROWS);
      const before = await schema(url);
      const storage = await openPostgres(url, { poolSize: 2, migrations: featureMigrations });
      try {
        expect(await contents(storage)).toMatchObject(expected);
      } finally {
        await storage.close();
      }
      expect(await schema(url)).toEqual(before);
    });

    it('a new database gets the same schema from the platform and the feature together', async () => {
      const base = await schema(await made(fixture('postgres')));
      const fresh = await cluster.database();
      await (await openPostgres(fresh, { poolSize: 2, migrations: featureMigrations })).close();
      const { columns, indexes } = await schema(fresh);
      expect({ columns, indexes }).toEqual({ columns: base.columns, indexes: base.indexes });
    });

    it('a database opened without the feature’s migrations is refused by name, not patched', async () => {
      const url = await cluster.database();
      await (await openPostgres(url, { poolSize: 2, migrations: [] })).close();
      await expect(openPostgres(url, { poolSize: 2, migrations: featureMigrations })).rejects.toThrow(
        /storage migration chb-registration\/002-applications-uploads\.sql was never applied/,
      );
    });
  });
});
