// The CSP edits of the pages the service renders itself (the draft preview).
import { describe, expect, it } from 'vitest';
import { allowInDirective, withScriptHashes } from './site-headers.ts';

const csp = (value: string) => ({ 'Content-Security-Policy': value, 'X-Content-Type-Options': 'nosniff' });

describe('site headers for rendered pages', () => {
  it('adds an origin to a directive, or the directive with self when it is missing', () => {
    expect(allowInDirective(csp("default-src 'self'; img-src 'self' data:"), 'img-src', 'https://cms.example')).toEqual(
      csp("default-src 'self'; img-src 'self' data: https://cms.example"),
    );
    expect(allowInDirective(csp("default-src 'self'"), 'img-src', 'https://cms.example')).toEqual(
      csp("default-src 'self'; img-src 'self' https://cms.example"),
    );
  });

  it('replaces the build’s script hashes by the page’s own, once each, keeping other sources', () => {
    expect(
      withScriptHashes(csp("script-src 'self' 'sha256-old'; object-src 'none'"), ["'sha256-a'", "'sha256-a'"]),
    ).toEqual(csp("script-src 'self' 'sha256-a'; object-src 'none'"));
    expect(withScriptHashes(csp("default-src 'self'"), ["'sha256-b'"])).toEqual(
      csp("default-src 'self'; script-src 'self' 'sha256-b'"),
    );
  });

  it('leaves headers without a CSP as they are', () => {
    expect(withScriptHashes({ 'X-Frame-Options': 'DENY' }, ["'sha256-a'"])).toEqual({ 'X-Frame-Options': 'DENY' });
  });
});
