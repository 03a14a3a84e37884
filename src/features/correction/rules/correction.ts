// Correction request: which page, what kind of problem, what is wrong, and an optional email.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail } from '../../../site/form/email.ts';

/** Their labels are in strings.ts (correctionTypeLabels). */
export const correctionTypes = [
  'wrong_information',
  'broken_link',
  'missing_information',
  'spelling_translation',
  'other',
] as const;

export const correctionSchema = z
  .object({
    // Optional: filled from the page the reader came from, but never a reason to refuse a report.
    page: z.string().trim().max(500, 'too_long').optional().default(''),
    lang: z.enum(['en', 'fr'], { error: 'invalid_choice' }),
    type: z.enum(correctionTypes, { error: 'required' }),
    description: z.string({ error: 'required' }).trim().min(1, 'required').max(2000, 'too_long'),
    // Empty, or an address; the length first (abort: a value too long never reaches the pattern).
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, { error: 'too_long', abort: true })
      .refine((v) => v === '' || isEmail(v), 'invalid_email')
      .optional()
      .default(''),
    website: z.string().max(200).optional().default(''),
  })
  .strict();
