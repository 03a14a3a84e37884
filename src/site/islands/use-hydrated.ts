// True once React runs in the browser (false while the server-rendered HTML is hydrated), without
// an effect that sets state: React re-renders with the client value right after hydration.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
