// A small Prometheus registry: counters, gauges and histograms with labels, written in the text
// exposition format (version 0.0.4). Hand-written rather than a dependency: the service needs
// these three types only. Label values come from code (route patterns, methods, statuses), never
// from a raw path, so the number of series stays bounded; they are escaped all the same.
type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const labelText = (labels: Labels) => {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
};
const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort());
const number = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

interface Metric {
  render(): string[];
}

function header(name: string, help: string, type: string) {
  return [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
}

export function counter(name: string, help: string) {
  const values = new Map<string, { labels: Labels; value: number }>();
  return {
    inc(labels: Labels = {}, by = 1) {
      const key = keyOf(labels);
      const entry = values.get(key) ?? { labels, value: 0 };
      entry.value += by;
      values.set(key, entry);
    },
    /** Series so far (tests: bounded cardinality). */
    get size() {
      return values.size;
    },
    render: () => [
      ...header(name, help, 'counter'),
      ...[...values.values()].map((e) => `${name}${labelText(e.labels)} ${number(e.value)}`),
    ],
  };
}

/** A gauge whose values are read when scraped (`set` replaces all its series). */
export function gauge(name: string, help: string) {
  let series: Array<{ labels: Labels; value: number }> = [];
  return {
    set(values: Array<{ labels?: Labels; value: number }>) {
      series = values.map((v) => ({ labels: v.labels ?? {}, value: v.value }));
    },
    render: () => [
      ...header(name, help, 'gauge'),
      ...series.map((e) => `${name}${labelText(e.labels)} ${number(e.value)}`),
    ],
  };
}

export function histogram(name: string, help: string, buckets: number[]) {
  const values = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  return {
    observe(labels: Labels, value: number) {
      const key = keyOf(labels);
      const entry = values.get(key) ?? { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
      buckets.forEach((bound, i) => {
        if (value <= bound) entry.counts[i]!++;
      });
      entry.sum += value;
      entry.count++;
      values.set(key, entry);
    },
    get size() {
      return values.size;
    },
    render: () => [
      ...header(name, help, 'histogram'),
      ...[...values.values()].flatMap((e) => [
        ...buckets.map((bound, i) => `${name}_bucket${labelText({ ...e.labels, le: String(bound) })} ${e.counts[i]}`),
        `${name}_bucket${labelText({ ...e.labels, le: '+Inf' })} ${e.count}`,
        `${name}_sum${labelText(e.labels)} ${number(e.sum)}`,
        `${name}_count${labelText(e.labels)} ${e.count}`,
      ]),
    ],
  };
}

/** The exposition of `metrics`, in order. */
export const exposition = (metrics: Metric[]) => `${metrics.flatMap((m) => m.render()).join('\n')}\n`;

export const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
