// Filling a message, the one way, for the layout (src/i18n/index.ts), every feature's strings.ts,
// enhance scripts, islands and the service alike: its plural form, its {name} placeholders, its
// numbers written the language's way. Its own module so that a page script needs nothing else
// (no string tables, no typography).
import { locale, type Lang } from './languages.ts';
import { formatNumber } from './typography/numbers.ts';

/** A count's forms: Intl.PluralRules' 'one' ("1 result"; French also for 0) and 'other'. */
export interface Plural {
  one: string;
  other: string;
}
/** One interface message: a template, or a template per plural form (chosen by `n`). */
export type Message = string | Plural;
export type Vars = Record<string, string | number>;

const rules = new Map<Lang, Intl.PluralRules>();
const pluralRules = (lang: Lang) => {
  if (!rules.has(lang)) rules.set(lang, new Intl.PluralRules(locale(lang)));
  return rules.get(lang)!;
};

/** The form of `forms` for the count n, by the language's plural rules (French: 0 and 1 are 'one'). */
function pluralForm(lang: Lang, n: number, forms: Plural): string {
  return pluralRules(lang).select(n) === 'one' ? forms.one : forms.other;
}

/**
 * The message as the reader sees it: the plural form for `vars.n` (a Plural message needs it),
 * then each {name} replaced by its value; numbers are written the language's way (12,500 /
 * 12 500). A placeholder without a value is a mistake in the code: it throws, naming it.
 */
export function fill(lang: Lang, message: Message, vars: Vars = {}): string {
  let template: string;
  if (typeof message === 'string') template = message;
  else if (typeof vars.n === 'number') template = pluralForm(lang, vars.n, message);
  else throw new Error(`fill: a plural message needs a number n ("${message.other}")`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`fill: no value for {${name}} in "${template}"`);
    return typeof v === 'number' ? formatNumber(lang, v) : v;
  });
}

/** A count: the plural form for n, filled with n and the other values ("The {count} locations nearest to {code}"). */
export function plural(lang: Lang, n: number, forms: Plural, vars: Vars = {}): string {
  return fill(lang, forms, { ...vars, n });
}
