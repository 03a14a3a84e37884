// Maps zod issues to the field codes whose messages are in src/i18n/validation.ts.

/** One code per field. */
export function fieldCodes(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; code: string; message: string; keys?: string[] }>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? issue.keys?.[0] ?? '_');
    if (out[field]) continue;
    out[field] = ['required', 'too_long', 'invalid_email', 'invalid_choice'].includes(issue.message)
      ? issue.message
      : issue.code === 'unrecognized_keys'
        ? 'unknown_field'
        : 'invalid';
  }
  return out;
}
