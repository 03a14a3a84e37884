// A TCP proxy (node:net) between the intake service and PostgreSQL, to stage what a network does
// to a transaction: it passes everything until told otherwise, then cuts the connection that
// sends COMMIT (before PostgreSQL sees it, or right after), freezes every connection (bytes
// wait, nothing is closed), or cuts them all and refuses new ones.
import { createServer, connect, type Socket } from 'node:net';

/** What happens to the next COMMIT (a simple-protocol query, `Q` … `COMMIT\0`). */
type CommitFault = 'pass' | 'cut-before' | 'cut-after';

const COMMIT = Buffer.from('COMMIT\0');

/** A chunk from the client that holds a simple query `COMMIT`. */
const sendsCommit = (chunk: Buffer) => {
  const at = chunk.indexOf(COMMIT);
  return at >= 5 && chunk[at - 5] === 0x51; // 'Q', then the 4-byte length
};

export async function pgProxy(targetPort: number) {
  let fault: CommitFault = 'pass';
  let frozen = false;
  let down = false;
  let commitsCut = 0;
  let commitLateMs = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    // Set when the COMMIT is on its way to PostgreSQL after the client was cut: the upstream end
    // is then closed gracefully (a destroy could reset it before PostgreSQL read the COMMIT).
    let upstreamFinishing = false;
    const end = () => {
      client.destroy();
      if (!upstreamFinishing) upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    if (frozen) {
      client.pause();
      upstream.pause();
    }
    client.on('data', (chunk: Buffer) => {
      if (fault !== 'pass' && sendsCommit(chunk)) {
        const when = fault;
        fault = 'pass';
        commitsCut++;
        if (when === 'cut-before') return end();
        // PostgreSQL gets the COMMIT and then the end of the stream: it commits, the caller never
        // hears; `lateMs` after the caller was cut (a slow network, a busy database).
        upstreamFinishing = true;
        client.destroy();
        if (commitLateMs) setTimeout(() => upstream.end(chunk), commitLateMs);
        else upstream.end(chunk);
        return;
      }
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    /** The next COMMIT is cut (before PostgreSQL gets it, or after); later ones pass. */
    cutNextCommit(when: Exclude<CommitFault, 'pass'>, options: { lateMs?: number } = {}) {
      fault = when;
      commitLateMs = options.lateMs ?? 0;
    },
    get commitsCut() {
      return commitsCut;
    },
    /** Bytes stop flowing both ways on every connection, new ones too (a frozen database); `thaw` lets them go again. */
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    /** Every connection cut, new ones refused (a database gone); `up` lets them in again. */
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      down = false;
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
