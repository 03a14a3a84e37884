// The home support calculator's parameters (node--calculator_settings, required: one published
// node; the numbers are the same in both languages). Hours per level must sit in the spec's help bands.
import { z } from 'zod';
import type { CalculatorSettings } from '../../features/calculator/rules/settings.ts';
import type { Lang } from '../../i18n/languages.ts';
import { typography } from '../../i18n/typography/french.ts';
import { defineSource, published } from '../sources.ts';
import { link } from './fields.ts';

/** Drupal decimal fields arrive as strings ("18.83"), integer fields as numbers: accept both. */
const decimal = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a number')], {
    error: (issue) => (issue.input == null ? 'is required' : 'must be a number'),
  })
  .pipe(z.coerce.number());
const dollars = decimal.pipe(z.number().nonnegative('must not be negative'));

const rawCalculatorSettings = z.object({
  id: z.string().uuid(),
  type: z.literal('node--calculator_settings'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  changed: z.string().nullish(),
  field_sample: z.boolean(),
  field_sample_note: z.string().nullish(),
  field_hourly_rate: decimal.pipe(z.number().positive('must be more than 0')),
  field_hours_little: decimal.pipe(
    z.number().gt(0, 'must be more than 0').max(10, 'must be 10 or less (little help: 0 to 10 hours a week)'),
  ),
  field_hours_moderate: decimal.pipe(
    z
      .number()
      .min(11, 'must be 11 or more (moderate help: 11 to 20 hours a week)')
      .max(20, 'must be 20 or less (moderate help: 11 to 20 hours a week)'),
  ),
  field_hours_high: decimal.pipe(
    z.number().min(21, 'must be 21 or more (high help: 21 hours or more a week)').max(168, 'must be 168 or less'),
  ),
  field_allowance_single: dollars,
  field_allowance_single_one: dollars,
  field_allowance_single_many: dollars,
  field_allowance_couple: dollars,
  field_allowance_couple_one: dollars,
  field_allowance_couple_many: dollars,
  field_allowance_extra_dependent: dollars,
  field_contribution_rate: decimal.pipe(z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1')),
  field_summary_statement_link: link.extend({
    uri: z.string().regex(/^https:\/\/\S+$/, 'must be an https:// URL of the summary statement site'),
  }),
});

interface CalculatorSettingsEntry {
  id: string;
  lang: Lang;
  changed: string | null;
  /** The numbers the calculator island receives as props. */
  settings: CalculatorSettings;
  sampleNote: string | null;
}

function toCalculatorSettings(node: z.infer<typeof rawCalculatorSettings>): CalculatorSettingsEntry {
  return {
    id: node.id,
    lang: node.langcode,
    changed: node.changed ?? null,
    sampleNote: node.field_sample_note ? typography(node.langcode, node.field_sample_note) : null,
    settings: {
      sample: node.field_sample,
      hourlyRate: node.field_hourly_rate,
      hoursPerWeek: {
        little: node.field_hours_little,
        moderate: node.field_hours_moderate,
        high: node.field_hours_high,
      },
      protectedAllowance: {
        single: node.field_allowance_single,
        single_one: node.field_allowance_single_one,
        single_many: node.field_allowance_single_many,
        couple: node.field_allowance_couple,
        couple_one: node.field_allowance_couple_one,
        couple_many: node.field_allowance_couple_many,
      },
      allowancePerExtraDependent: node.field_allowance_extra_dependent,
      contributionRate: node.field_contribution_rate,
      summaryStatementUrl: node.field_summary_statement_link.uri,
    },
  };
}

export const calculatorSettingsSource = defineSource({
  type: 'node--calculator_settings',
  resource: 'node/calculator_settings',
  required: true,
  query: () => published().getQueryString(),
  schema: rawCalculatorSettings,
  toEntry: toCalculatorSettings,
});
