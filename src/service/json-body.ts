// Reads a JSON request body with a bound on its nesting: a form answer is a few levels deep (an
// application at most five), so anything past MAX_JSON_DEPTH is refused with a translated 400
// before any code walks it (a 5,000-deep body overflowed the stack of later steps: 500).
import type { Context } from 'hono';
import type { Lang } from '../i18n/languages.ts';

const MAX_JSON_DEPTH = 32;

/** Whether `value` nests arrays/objects deeper than `max` (iterative: no stack to overflow). */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= max) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

const messages: Record<Lang, string> = {
  en: 'We could not read what was sent: the request is not in the expected format. Nothing was saved. Please reload the page and try again, or call 1-833-733-7835.',
  fr: 'Nous n’avons pas pu lire votre envoi : il n’est pas dans le format attendu. Rien n’a été enregistré. Veuillez recharger la page et réessayer, ou composer le 1-833-733-7835.',
};

/** The language of a request whose body cannot be trusted: its top-level `lang`, else Accept-Language. */
function unreadableLang(c: Context, body?: unknown): Lang {
  const lang = (body as { lang?: unknown } | null | undefined)?.lang;
  if (lang === 'en' || lang === 'fr') return lang;
  return /^fr\b/i.test(c.req.header('accept-language') ?? '') ? 'fr' : 'en';
}

/** 400 `{"error":"bad_request","message":…}` in the request's language. */
export const badRequest = (c: Context, body?: unknown) =>
  c.json({ error: 'bad_request', message: messages[unreadableLang(c, body)] }, 400);

/** The parsed body, or the 400 to answer when it is not JSON or nests too deep. */
export async function readJson(c: Context): Promise<{ value: unknown } | { refused: Response }> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    return { refused: badRequest(c) };
  }
  return deeperThan(value, MAX_JSON_DEPTH) ? { refused: badRequest(c, value) } : { value };
}
