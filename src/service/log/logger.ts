// The intake service's one logger: one JSON object per line (time, level, msg, and the request's
// id when the line is written while a request is handled, see request-context.ts). Callable as
// `log(msg)` (info), so modules given a plain `(line) => void` keep working; `log.warn`,
// `log.error` and `log.child({ component })` for the rest. Messages name what happened and the
// ids an operator follows (request id, outbox item, release, upload); never what a person sent.
import { currentRequestId } from './request-context.ts';

type LogLevel = 'info' | 'warn' | 'error';
type FieldValue = string | number | boolean | null | undefined;
type LogFields = { level?: LogLevel } & Record<string, FieldValue>;

export interface Logger {
  (msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** The same logger with these fields on every line (e.g. `{ component: 'publish' }`). */
  child(fields: Record<string, FieldValue>): Logger;
}

/** A log function as modules take it: a Logger, or a plain `(line) => void` in tests. */
export type LogLine = (msg: string, fields?: LogFields) => void;

/** Where the lines go: a function given one JSON line (no newline), stdout by default. */
export type LineWriter = (line: string) => void;

const toStdout: LineWriter = (line) => void process.stdout.write(`${line}\n`);

export function createLogger(
  write: LineWriter = toStdout,
  base: Record<string, FieldValue> = {},
  now: () => number = Date.now,
): Logger {
  const emit = (level: LogLevel, msg: string, fields: LogFields = {}) => {
    const { level: asked, ...rest } = fields;
    const requestId = currentRequestId();
    // time, level, msg first: what a person reading the raw lines looks for.
    const line = { time: new Date(now()).toISOString(), level: asked ?? level, msg, ...base, requestId, ...rest };
    write(JSON.stringify(line));
  };
  const log = ((msg: string, fields?: LogFields) => emit('info', msg, fields)) as Logger;
  log.warn = (msg, fields) => emit('warn', msg, fields);
  log.error = (msg, fields) => emit('error', msg, fields);
  log.child = (fields) => createLogger(write, { ...base, ...fields }, now);
  return log;
}
