import { describe, expect, it } from 'vitest';
import { liveHome } from './live-site.ts';

describe('liveHome', () => {
  it('is the live home in the page’s language, with or without a path prefix', () => {
    expect(liveHome('https://socialsupports.gnb.ca', 'fr')).toBe('https://socialsupports.gnb.ca/fr/home');
    expect(liveHome('https://socialsupports.gnb.ca/', 'en')).toBe('https://socialsupports.gnb.ca/en/home');
    expect(liveHome('https://gnb.ca/soutiens', 'fr')).toBe('https://gnb.ca/soutiens/fr/home');
  });
});
