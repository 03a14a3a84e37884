// Sentences built from answers: "Because you rent and have children under 12." Each answer has a
// phrase that follows "you" / « vous » (src/features/finder/strings.ts); templates hold {list}.
import type { FinderTag } from './questions.ts';

/** "a", "a and b", "a, b and c" with the language's conjunction (no serial comma in either). */
export function joinList(items: readonly string[], conjunction: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

export function sentence(
  template: string,
  tags: readonly FinderTag[],
  phrases: Readonly<Record<FinderTag, string>>,
  conjunction: string,
): string {
  return template.replace(
    '{list}',
    joinList(
      tags.map((t) => phrases[t]),
      conjunction,
    ),
  );
}
