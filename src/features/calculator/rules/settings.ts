// Calculator parameters. The department's own rate table is not public: these are SAMPLE
// figures to be replaced by the department's table (anchored on public facts: agencies were paid
// $16.33 an hour in 2014, plus $2.50 an hour in 2023).
import { z } from 'zod';

import { familyTypes } from './family-types.ts';

export { familyTypes, type FamilyType } from './family-types.ts';

const calculatorSettingsSchema = z.object({
  sample: z.boolean(),
  hourlyRate: z.number().positive(),
  hoursPerWeek: z.object({
    little: z.number().positive(),
    moderate: z.number().positive(),
    high: z.number().positive(),
  }),
  protectedAllowance: z.record(z.enum(familyTypes), z.number().nonnegative()),
  allowancePerExtraDependent: z.number().nonnegative(),
  contributionRate: z.number().min(0).max(1),
  summaryStatementUrl: z.string().url(),
});
export type CalculatorSettings = z.infer<typeof calculatorSettingsSchema>;
// (The island imports only types from here, so zod stays out of the browser bundle.)

export const sampleSettings: CalculatorSettings = calculatorSettingsSchema.parse({
  sample: true,
  hourlyRate: 18.83,
  hoursPerWeek: { little: 10, moderate: 20, high: 30 },
  protectedAllowance: {
    single: 16_000,
    single_one: 22_000,
    single_many: 26_000,
    couple: 24_000,
    couple_one: 28_000,
    couple_many: 32_000,
  },
  allowancePerExtraDependent: 3_000,
  contributionRate: 0.5,
  summaryStatementUrl: 'https://www.pxw1.snb.ca/snb7001/e/2000/2500e.asp',
});

/**
 * The settings the calculator page of `lang` uses, from the published node--calculator_settings
 * entries of the CMS: that language's node, else the other language's (the figures do not depend
 * on the language). No node at all, or more than one in a language, fails the build: a calculator
 * must never ship with guessed figures.
 */
export function pickCalculatorSettings<E extends { id: string; lang: string; settings: CalculatorSettings }>(
  entries: readonly E[],
  lang: string,
): E {
  const own = entries.filter((e) => e.lang === lang);
  if (own.length > 1) {
    throw new Error(
      `The CMS has ${own.length} published node--calculator_settings nodes in ${lang} (${own.map((e) => e.id).join(', ')}); publish exactly one.`,
    );
  }
  const chosen = own[0] ?? entries.find((e) => e.lang !== lang);
  if (!chosen) {
    throw new Error(
      'The CMS has no published node--calculator_settings node: the calculator page needs one (hourly rate, hours per level, protected allowances, contribution rate, summary statement link; see scripts/local-cms/README.md).',
    );
  }
  return chosen;
}
