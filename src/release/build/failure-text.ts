// What a failed build says of its error, for the publisher's status and the build's log: the
// message, and the cause under it. Astro wraps a file system error in one with no message (its
// `title` says "An unknown error occurred while reading or writing files to disk") and the real
// one, `ENOSPC: no space left on device`, in its `cause`; printed by its message alone, a build
// that met a full disk said nothing of why.
const MAX_CAUSES = 5;

function ownText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const title = (error as { title?: unknown }).title;
  return error.message || (typeof title === 'string' && title) || error.name;
}

export function failureText(error: unknown): string {
  const lines = [ownText(error)];
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < MAX_CAUSES; depth++) {
    lines.push(`Caused by: ${ownText(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines.join('\n');
}
