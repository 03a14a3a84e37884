// Page feedback ("Was this page helpful?"): anonymous by design. A post is the Yes/No answer (sent
// on the click), or a comment, or both (a plain form post from a text browser, where the comment
// box shows before the answer). A comment sent after the answer is its own post without `answer`,
// so the answer is counted once.
import { z } from 'zod';

export const feedbackSchema = z
  .object({
    page: z.string({ error: 'required' }).min(1, 'required').max(500, 'too_long').regex(/^\//, 'invalid'),
    lang: z.enum(['en', 'fr'], { error: 'invalid_choice' }),
    answer: z.enum(['yes', 'no'], { error: 'required' }).optional(),
    comment: z.string().max(1000, 'too_long').optional().default(''),
    website: z.string().max(200).optional().default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.answer && v.comment.trim() === '') ctx.addIssue({ code: 'custom', path: ['answer'], message: 'required' });
  });
