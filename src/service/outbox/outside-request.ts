// Forwarding runs outside the request that wakes it: each attempt logs under its own item's
// request (request-origins.ts), never under the request that happened to store the next item.
import { inRequest } from '../log/request-context.ts';

export const outsideRequest = (runner: { wake: () => void } | undefined) =>
  runner && { wake: () => inRequest(undefined, () => runner.wake()) };
