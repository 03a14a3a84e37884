// The lock of an upload while a request writes it, across intake nodes: tus's own MemoryLocker
// first (within this node it asks the holder to let go, as tus expects), then the storage's named
// lock (PostgreSQL: an advisory lock, so a PATCH resumed on another node waits for the first
// node's request to end; a node that dies releases it with its connection). A lock lost with its
// connection (the database restarted) ends the request holding it, as tus ends a request whose
// lock another wants: what it wrote so far is kept, the client resumes from the offset.
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Release, Storage } from '../../../service/platform/storage.ts';

export function sharedLocker(tryLock: Storage['tryLock'], { timeoutMs = 30_000, pollMs = 50 } = {}): Locker {
  const local = new MemoryLocker({ acquireLockTimeout: timeoutMs });
  return {
    newLock(id: string): Lock {
      const memory = local.newLock(id);
      let release: Release | undefined;
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          await memory.lock(signal, requestRelease);
          const deadline = Date.now() + timeoutMs;
          try {
            for (;;) {
              release = await tryLock(`upload:${id}`);
              if (release) {
                release.lost?.addEventListener('abort', () => requestRelease(), { once: true });
                return;
              }
              // eslint-disable-next-line @typescript-eslint/only-throw-error
              if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
              await new Promise((resolve) => setTimeout(resolve, pollMs));
            }
          } catch (error) {
            await memory.unlock();
            throw error;
          }
        },
        async unlock() {
          const held = release;
          release = undefined;
          await held?.();
          await memory.unlock();
        },
      };
    },
  };
}
