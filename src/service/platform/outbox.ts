// Forwarding to the CMS, for a feature with its own outbox kind (the housing benefit application).
export { startOutbox, type RunnerOptions } from '../outbox/outbox.ts';
export type { WebformClient } from '../outbox/webform-client.ts';
export { outsideRequest } from '../outbox/outside-request.ts';
