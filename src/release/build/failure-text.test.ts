import { describe, expect, it } from 'vitest';
import { failureText } from './failure-text.ts';

describe('failureText', () => {
  it('gives the message of an error without a cause', () => {
    expect(failureText(new Error('CMS answered 500'))).toBe('CMS answered 500');
  });

  it('gives the title of an error with no message, and the cause under it (Astro on a full disk)', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const astro = Object.assign(new Error('', { cause: full }), {
      name: 'UnknownFilesystemError',
      title: 'An unknown error occurred while reading or writing files to disk.',
    });
    expect(failureText(astro)).toBe(
      'An unknown error occurred while reading or writing files to disk.\nCaused by: ENOSPC: no space left on device, write',
    );
  });

  it('names an error with neither message nor title, and follows a chain of causes to a limit', () => {
    let error: unknown = 'the end';
    for (let i = 0; i < 10; i++) error = new Error(i % 2 ? `level ${i}` : '', { cause: error });
    const lines = failureText(error).split('\n');
    expect(lines[0]).toBe('level 9');
    expect(lines[1]).toBe('Caused by: Error');
    expect(lines).toHaveLength(6);
  });

  it('says what was thrown when it is not an error', () => {
    expect(failureText('stopped')).toBe('stopped');
  });
});
