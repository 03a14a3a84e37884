// Page scroll is locked while any modal is open, or while the chat panel is open on a narrow
// window. Locks are counted by owner so nested modals never unlock early.
import { atom, computed } from 'nanostores';

const $scrollLocks = atom<readonly string[]>([]);
const $scrollLocked = computed($scrollLocks, (locks) => locks.length > 0);

let counter = 0;

/** Takes a lock and returns the function that releases exactly that lock (idempotent). */
export function lockScroll(reason: string): () => void {
  const token = `${reason}#${++counter}`;
  $scrollLocks.set([...$scrollLocks.get(), token]);
  return () => {
    $scrollLocks.set($scrollLocks.get().filter((t) => t !== token));
  };
}

if (typeof document !== 'undefined') {
  $scrollLocked.subscribe((locked) => {
    document.documentElement.classList.toggle('scroll-locked', locked);
  });
}
