// The service's log, for a feature: its line type, the request an item's work logs under.
export type { LogLine } from '../log/logger.ts';
export { errorText } from '../log/error-text.ts';
export { rememberOrigin, traced } from '../log/request-origins.ts';
