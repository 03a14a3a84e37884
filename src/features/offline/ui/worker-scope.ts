// The parts of a service worker's global scope the site's worker uses. TypeScript's "webworker"
// library would clash with the "dom" one the rest of the browser code is checked against.

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  /** The page (client) that asked, for a subresource; '' for a navigation. */
  readonly clientId: string;
  respondWith(answer: Response | Promise<Response>): void;
}

interface Client {
  readonly id: string;
  readonly url: string;
}

export interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: {
    claim(): Promise<void>;
    get(id: string): Promise<Client | undefined>;
    matchAll(options: { includeUncontrolled: boolean; type: 'window' }): Promise<readonly Client[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
