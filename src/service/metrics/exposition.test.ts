// The text exposition format as /metrics serves it (prom-client): HELP and TYPE, label values
// escaped (a quote, a backslash or a newline cannot end a series early or add one), histogram
// buckets cumulative with +Inf, _sum and _count.
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';

describe('exposition', () => {
  it('escapes label values and writes cumulative histograms', async () => {
    const registry = new Registry();
    const requests = new Counter({
      name: 't_total',
      help: 'Help with a \\ and\na newline.',
      labelNames: ['route'],
      registers: [registry],
    });
    requests.inc({ route: 'a"b\\c\nd' });
    requests.inc({ route: 'a"b\\c\nd' }, 2);
    const latency = new Histogram({
      name: 't_seconds',
      help: 'Latency.',
      labelNames: ['route'],
      buckets: [0.1, 1],
      registers: [registry],
    });
    latency.observe({ route: '/x' }, 0.05);
    latency.observe({ route: '/x' }, 0.5);
    latency.observe({ route: '/x' }, 5);
    const text = await registry.metrics();
    expect(text.split('\n')).toEqual([
      '# HELP t_total Help with a \\\\ and\\na newline.',
      '# TYPE t_total counter',
      't_total{route="a\\"b\\\\c\\nd"} 3',
      '',
      '# HELP t_seconds Latency.',
      '# TYPE t_seconds histogram',
      't_seconds_bucket{le="0.1",route="/x"} 1',
      't_seconds_bucket{le="1",route="/x"} 2',
      't_seconds_bucket{le="+Inf",route="/x"} 3',
      't_seconds_sum{route="/x"} 5.55',
      't_seconds_count{route="/x"} 3',
      '',
    ]);
  });
});
