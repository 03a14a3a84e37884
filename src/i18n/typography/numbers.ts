// Numbers, money and counts written the way each language writes them: one formatter per
// language, so English never gets French order ("18.50 $/h") and French never gets "$18.50".
import type { Lang } from '../languages.ts';

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-CA' : 'en-CA');

/** $12,500 / 12 500 $; cents only when the amount has them (or `cents: true`). */
export function formatMoney(lang: Lang, amount: number, opts: { cents?: boolean } = {}): string {
  const cents = opts.cents ?? !Number.isInteger(amount);
  return new Intl.NumberFormat(locale(lang), {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(amount);
}

/** An hourly rate: $18.50/h, 18,50 $/h. */
export function formatHourlyRate(lang: Lang, amount: number): string {
  return `${formatMoney(lang, amount, { cents: true })}/h`;
}

export function formatNumber(lang: Lang, n: number, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits }).format(n);
}

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Picks the plural form for n with Intl.PluralRules ("1 programme trouvé", "0 programme trouvé"
 * in French, "0 programs found" in English) and puts the formatted number in `{n}`.
 */
export function plural(lang: Lang, n: number, forms: PluralForms): string {
  const rule = new Intl.PluralRules(locale(lang)).select(n);
  return (forms[rule] ?? forms.other).replace('{n}', formatNumber(lang, n));
}
