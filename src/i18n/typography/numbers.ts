// Numbers, money and counts written the way each language writes them: one formatter per
// language, so English never gets French order ("18.50 $/h") and French never gets "$18.50".
import { locale, type Lang } from '../languages.ts';

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

// Made once per language and precision: a formatter is costly to make, and a large site's build
// formats the counts of thousands of listing pages.
const numberFormats: Record<string, Intl.NumberFormat> = {};

/** 12,500 / 12 500: what fill() (src/i18n/define.ts) puts in a placeholder given a number. */
export function formatNumber(lang: Lang, n: number, maximumFractionDigits = 2): string {
  return (numberFormats[lang + maximumFractionDigits] ??= new Intl.NumberFormat(locale(lang), {
    maximumFractionDigits,
  })).format(n);
}

/** A whole percentage: "45%" / « 45 % » (French puts a no-break space before the sign). */
export function formatPercent(lang: Lang, percent: number): string {
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}
