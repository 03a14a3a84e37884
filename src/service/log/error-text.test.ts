// What an error says in a log: the quoted input of JSON.parse and zod, e-mail addresses and runs
// of digits (a SIN, a phone number, a date of birth) never reach it; the code does.
import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';

describe('errorText', () => {
  it('drops the input an error quotes, and keeps what it is', () => {
    let parseError: unknown;
    try {
      JSON.parse('{"lastName":"Tremblay","sin":"046454286"');
    } catch (error) {
      parseError = error;
    }
    const text = errorText(parseError);
    expect(text).not.toMatch(/Tremblay|046454286/);
    expect(text).toMatch(/JSON/);
    const io = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(errorText(io)).toBe('ENOSPC: no space left on device, write');
    const quoted = errorText(new Error('value alex@example.ca for 046 454 286 born 1987-03-14 or 14/03/1987'));
    expect(quoted).not.toMatch(/alex|example|046|454|1987|14\/03/);
    // Short numbers say what happened and stay.
    expect(errorText(new Error('HTTP 500 after 3 tries (exit code 1)'))).toBe('HTTP 500 after 3 tries (exit code 1)');
    expect(errorText(new Error('phone (506) 555-0123.'))).toBe('phone (#.');
    expect(errorText(Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR' }))).toBe(
      'ERR_SQLITE_ERROR: database or disk is full',
    );
  });
});
