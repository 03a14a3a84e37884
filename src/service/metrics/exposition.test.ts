// The text exposition format: HELP and TYPE, label values escaped (a quote, a backslash or a newline
// cannot end a series early or add one), histogram buckets cumulative with +Inf, _sum and _count.
import { describe, expect, it } from 'vitest';
import { counter, exposition, histogram } from './exposition.ts';

describe('exposition', () => {
  it('escapes label values and writes cumulative histograms', () => {
    const requests = counter('t_total', 'Help with a \\ and\na newline.');
    requests.inc({ route: 'a"b\\c\nd' });
    requests.inc({ route: 'a"b\\c\nd' }, 2);
    const latency = histogram('t_seconds', 'Latency.', [0.1, 1]);
    latency.observe({ route: '/x' }, 0.05);
    latency.observe({ route: '/x' }, 0.5);
    latency.observe({ route: '/x' }, 5);
    const text = exposition([requests, latency]);
    expect(text.split('\n')).toEqual([
      '# HELP t_total Help with a \\\\ and\\na newline.',
      '# TYPE t_total counter',
      't_total{route="a\\"b\\\\c\\nd"} 3',
      '# HELP t_seconds Latency.',
      '# TYPE t_seconds histogram',
      't_seconds_bucket{route="/x",le="0.1"} 1',
      't_seconds_bucket{route="/x",le="1"} 2',
      't_seconds_bucket{route="/x",le="+Inf"} 3',
      't_seconds_sum{route="/x"} 5.55',
      't_seconds_count{route="/x"} 3',
      '',
    ]);
  });
});
