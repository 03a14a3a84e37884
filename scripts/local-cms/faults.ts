// LOCAL_CMS_FAULTS: comma list of slow=<ms>, fail-first=<n>, error-rate=<0..1>, malformed=<path>, down.
export interface Faults { slow: number; failFirst: number; errorRate: number; malformed: string[]; down: boolean }

export function parseFaults(spec: string | undefined): Faults {
  const faults: Faults = { slow: 0, failFirst: 0, errorRate: 0, malformed: [], down: false };
  for (const part of (spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, value = ''] = part.split('=');
    const number = Number(value);
    if (name === 'slow' && number >= 0) faults.slow = number;
    else if (name === 'fail-first' && Number.isInteger(number) && number >= 0) faults.failFirst = number;
    else if (name === 'error-rate' && number >= 0 && number <= 1) faults.errorRate = number;
    else if (name === 'malformed' && value.startsWith('/')) faults.malformed.push(value);
    else if (name === 'down' && value === '') faults.down = true;
    else throw new Error(`LOCAL_CMS_FAULTS: cannot understand "${part}" (use slow=<ms>, fail-first=<n>, error-rate=<0..1>, malformed=</path>, down)`);
  }
  return faults;
}

/** Deterministic pseudo-random sequence so error-rate runs are repeatable. */
export function seeded(seed = 42): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
