// The messages between the publisher (src/release/publisher/resident-builds.ts) and the resident
// renderer's process (resident-process.ts), over Node's IPC channel, one request at a time.
import type { NodeEvent } from './delta-plan.ts';
import type { Reconciliation } from './reconcile.ts';

export type ResidentRequest =
  /** Answered at once, beside the request under way: a process that does not answer is hung. */
  | { type: 'ping' }
  /** A release went live: its files are linked for the next release now, between edits (prelink.ts). Not answered. */
  | { type: 'prelink'; releasesDir: string; liveSite: string }
  | {
      type: 'start';
      /** The build's settings (environment variables), as a build process gets them. */
      settings: Record<string, string>;
      /** The release the full build now starting makes: the content loaded is its own. */
      releaseId: string;
      /** The live release: when the renderer holds its content, the full fetch is compared with a delta (reconcile.ts). */
      liveId?: string | null;
      /** The build's webhook events (the delta compared with the full fetch follows them). */
      events?: NodeEvent[];
      /** Where each release's props hashes are saved (saved-hashes.ts), beside the publisher's cache. */
      hashesDir?: string;
      /**
       * After the publisher restarted: take the live release (or the one it was rebased from) as
       * the content's base when its hashes were saved by this code; else start for `releaseId`.
       */
      adopt?: boolean;
      liveRebasedFrom?: string | null;
    }
  | {
      type: 'build';
      releaseId: string;
      /** The live release: the renderer's content must be the one it was made from. */
      liveId: string;
      /** The release the live one took its files from with a new search base (same content), if so. */
      liveRebasedFrom: string | null;
      liveSite: string;
      siteDir: string;
      deployDir: string;
      nginxRoot: string;
      cacheDir: string;
      requestedAt: number;
      /** The webhook events of the build: the nodes they name are fetched by id (content-delta.ts). */
      events: NodeEvent[];
    };

export type ResidentReply =
  | { type: 'pong' }
  /** adopted: the live release is the base of the next build; notAdopted: why not (a full build comes). */
  | { type: 'started'; reconciliation?: Reconciliation; adopted?: true; notAdopted?: string }
  | {
      type: 'built';
      changed: number;
      removed: number;
      /** The live release's files were linked before the edit came (prelink.ts). */
      linkedAhead: boolean;
      pages: number;
      memoryMb: number;
      /** Resources fetched from the CMS per collection for this release (content-delta.ts). */
      fetched: Record<string, number>;
      /** Webhooks the delta did not follow, and why. */
      notes: string[];
    }
  /**
   * fullBuild: a change it leaves to the static build (not a fault of the renderer). restart: the
   * site's code changed since the process started; its modules (the mapping among them) are the
   * old code's, imported once, so a new process must come with the full build.
   */
  | { type: 'failed'; fullBuild: boolean; restart?: boolean; message: string };
