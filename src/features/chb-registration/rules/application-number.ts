// The housing benefit application number: twelve random digits in three groups of four
// (`4827-1593-6604`). Digits read the same in English and French, on the success dialog, in an
// email and over the phone, whatever language the form was filled in; no prefix to translate
// (an English acronym reads wrong in French). 10^12 numbers, drawn with crypto: not guessable.
import { randomInt } from 'node:crypto';

export const APPLICATION_NUMBER = /^\d{4}-\d{4}-\d{4}$/;

/** A number no stored application has (`taken`); `digit` is the random source (tests may fix it). */
export function newApplicationNumber(taken: (n: string) => boolean, digit: () => number = () => randomInt(10)): string {
  for (;;) {
    const groups = [0, 1, 2].map(() => Array.from({ length: 4 }, () => String(digit())).join(''));
    const n = groups.join('-');
    if (!taken(n)) return n;
  }
}
