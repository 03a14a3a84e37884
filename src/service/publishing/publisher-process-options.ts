// What the publisher process (scripts/publisher.ts) runs with: from its own configuration when run
// apart (`npm run publisher`), or sent by the intake node that started it as a child (one command).
// Plain data: it crosses a process boundary.
import type { PublishingOptions, ServerOptions } from '../server-options.ts';

export interface PublisherProcessOptions {
  /** The project folder the builds run in. */
  root: string;
  releasesDir: string;
  /** The built site made the first release when there is none (`npm run build`'s dist/). */
  distDir: string;
  command?: string | undefined;
  timeoutMs?: number | undefined;
  allowDrop?: boolean | undefined;
  resident?: PublishingOptions['resident'];
  /** PostgreSQL: one build at a time across publishers (its advisory lock); SQLite needs none. */
  databaseUrl?: string | undefined;
  database?: ServerOptions['database'];
  /** Its internal API (publisher-api.ts): address, port (0: any free one) and Bearer token. */
  host: string;
  port: number;
  token: string;
  /** Started by an intake node: the builds' settings are that node's environment at each save. */
  followsCallerEnv: boolean;
}

/** The message a publisher started as a child sends when its API listens. */
export interface PublisherReady {
  ready: string;
}
