// The intake service's one logger, on pino: one JSON object per line (level, time, msg, the
// logger's fields such as `component`, and the request's id when the line is written while a
// request is handled, see request-context.ts). Callable as `log(msg)` (info), so modules given a
// plain `(line) => void` keep working; `log.warn`, `log.error` and `log.child({ component })` for
// the rest. Messages name what happened and the ids an operator follows (request id, outbox item,
// release, upload); never what a person sent.
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
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

/** Where the lines go: a function given one JSON line (no newline); stdout by default. */
export type LineWriter = (line: string) => void;

/** Fields never written, whoever passes them (no code does: this catches the one that would). */
const WHO_THEY_ARE = ['name', 'firstName', 'lastName', 'dateOfBirth', 'sin', 'email', 'phone', 'address'];
const WHAT_THEY_SENT = ['body', 'query', 'headers', 'filename'];
const HOW_THEY_CAME = ['cookie', 'authorization', 'token', 'ip', 'clientAddress'];

/** Written as stdout is today: synchronously, so no line is lost when the process ends. */
const destination = (write: LineWriter | undefined): DestinationStream =>
  write ? { write: (line: string) => write(line.slice(0, -1)) } : pino.destination({ fd: 1, sync: true });

function wrap(root: Pino, base: Record<string, FieldValue>): Logger {
  const emit = (level: LogLevel, msg: string, fields: LogFields = {}) => {
    const { level: asked, ...rest } = fields;
    // msg in the object (not pino's message argument) keeps it before the fields, where a person
    // reading the raw lines looks; the logger's fields are merged here so none is written twice.
    root[asked ?? level]({ msg, ...base, requestId: currentRequestId(), ...rest });
  };
  const log = ((msg: string, fields?: LogFields) => emit('info', msg, fields)) as Logger;
  log.warn = (msg, fields) => emit('warn', msg, fields);
  log.error = (msg, fields) => emit('error', msg, fields);
  log.child = (fields) => wrap(root, { ...base, ...fields });
  return log;
}

export function createLogger(write?: LineWriter, base: Record<string, FieldValue> = {}): Logger {
  const root = pino(
    {
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...WHO_THEY_ARE, ...WHAT_THEY_SENT, ...HOW_THEY_CAME], censor: '[redacted]' },
    },
    destination(write),
  );
  return wrap(root, base);
}
