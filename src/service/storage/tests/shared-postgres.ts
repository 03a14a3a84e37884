// A test file's PostgreSQL: the one cluster the Vitest run started (tests/global-setup.ts), with
// databases of the file's own, dropped when it stops. An initdb and a server start cost about a
// CPU second each time; a file that restarts, stops or cuts off its cluster starts its own
// (startPostgres). Outside a run that started one (PostgreSQL not installed, another config), a
// cluster of the file's own, as before.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, startPostgres, type PostgresCluster } from './postgres-cluster.ts';

export async function testPostgres(): Promise<PostgresCluster> {
  const url = inject('postgresUrl');
  if (!url) return startPostgres();
  const created: string[] = [];
  return {
    url,
    port: Number(new URL(url).port),
    // Unique across the run: two files share the cluster at once.
    database(name = 'test') {
      const unique = `${name}_${randomBytes(6).toString('hex')}`;
      created.push(unique);
      return createDatabase(url, unique);
    },
    restart: () =>
      Promise.reject(new Error('the run’s shared cluster is not restarted: a file that restarts one starts its own')),
    // Its databases go (connections still open in them are ended); the cluster serves the run on.
    async stop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const name of created.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
