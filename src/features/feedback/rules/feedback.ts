// Page feedback ("Was this page helpful?"): anonymous by design.
import { z } from 'zod';

export const feedbackSchema = z
  .object({
    page: z.string({ error: 'required' }).min(1, 'required').max(500, 'too_long').regex(/^\//, 'invalid'),
    lang: z.enum(['en', 'fr'], { error: 'invalid_choice' }),
    answer: z.enum(['yes', 'no'], { error: 'required' }),
    comment: z.string().max(1000, 'too_long').optional().default(''),
    website: z.string().max(200).optional().default(''),
  })
  .strict();
