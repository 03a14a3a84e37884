// A gauge read when scraped: its series become exactly these (a folder no longer there, a state
// with no items, disappear), replaced without an await in between so a scrape running alongside
// never sees half of them.
import type { Gauge } from 'prom-client';

export function replaceSeries<T extends string>(
  gauge: Gauge<T>,
  series: Array<{ labels: Partial<Record<T, string>>; value: number }>,
): void {
  gauge.reset();
  for (const { labels, value } of series) gauge.set(labels, value);
}
