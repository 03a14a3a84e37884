import { describe, expect, it } from 'vitest';
import { resultPath } from './result-path.ts';

describe('a search result’s address', () => {
  it('is the page’s address, without the built file’s .html or index', () => {
    expect(resultPath('/en/program/food-banks.html')).toBe('/en/program/food-banks');
    expect(resultPath('/fr/index.html')).toBe('/fr');
    expect(resultPath('/en/category/seniors/')).toBe('/en/category/seniors');
    expect(resultPath('http://127.0.0.1:4410/en/home.html')).toBe('http://127.0.0.1:4410/en/home');
  });
});
