// The log line as operators read it (docs/operations.md): one JSON object per line with level,
// time, msg, the logger's fields and the request's id, each field once; a message holding a
// newline or a forged field stays inside its line; fields that carry what a person sent or who
// they are never reach a line, whatever module passes them.
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { inRequest } from './request-context.ts';

function capture(base?: Record<string, string>) {
  const lines: string[] = [];
  const log = createLogger((line) => lines.push(line), base);
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { log, lines, parsed };
}

describe('logger', () => {
  it("writes level, time, msg, the logger's fields and the request id, each once", () => {
    const { log, lines, parsed } = capture({ component: 'intake' });
    log('listening');
    inRequest('6290ba17-1d58-4e51-8ce4-5fa7e57c4b77', () => {
      log.child({ component: 'uploads' }).warn('refused', { uploadId: 'abc' });
      log('POST /api/feedback 500', { level: 'error', status: 500, durationMs: 1.5 });
    });
    const [start, refused, answered] = parsed();
    expect(start).toEqual({ level: 'info', time: expect.any(String), msg: 'listening', component: 'intake' });
    expect(new Date(start!.time as string).toISOString()).toBe(start!.time);
    expect(refused).toMatchObject({ level: 'warn', msg: 'refused', component: 'uploads', uploadId: 'abc' });
    expect(refused!.requestId).toBe('6290ba17-1d58-4e51-8ce4-5fa7e57c4b77');
    expect(answered).toMatchObject({ level: 'error', status: 500, durationMs: 1.5, component: 'intake' });
    // A field overridden by a child or a call is written once (no duplicate keys in the text).
    expect(lines[1]!.match(/"component"/g)).toHaveLength(1);
    expect(lines.every((l) => !l.includes('\n') && !('pid' in JSON.parse(l)))).toBe(true);
  });

  it('keeps a forged message inside its line', () => {
    const { log, lines, parsed } = capture();
    log('a\n{"level":"error","msg":"forged"}\r\u2028"quoted"', { route: '/x"}\n{"level":"error' });
    expect(lines).toHaveLength(1);
    expect(parsed()[0]).toMatchObject({ level: 'info', route: '/x"}\n{"level":"error' });
  });

  it('never writes a field that carries what a person sent or who they are', () => {
    const { log, lines } = capture();
    const personal = {
      email: 'alex@example.ca',
      sin: '046454286',
      lastName: 'Tremblay',
      dateOfBirth: '1987-03-14',
      clientAddress: '203.0.113.9',
      query: 'q=Tremblay',
      authorization: 'Bearer secret-token-0123456789',
    };
    log.child({ component: 'intake' }).error('refused', personal);
    log('refused', { phone: '506-555-0123', filename: 'Tremblay 1987-03-14.pdf' });
    // Given to a child logger, as well.
    log.child({ name: 'Tremblay', email: 'alex@example.ca' }).warn('refused');
    const text = lines.join('\n');
    for (const value of [...Object.values(personal), '506-555-0123', 'Tremblay']) expect(text).not.toContain(value);
    expect(JSON.parse(lines[0]!)).toMatchObject({ email: '[redacted]', sin: '[redacted]', msg: 'refused' });
  });
});
