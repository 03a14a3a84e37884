// LOCAL_CMS_FAULTS: comma list of slow=<ms>, fail-first=<n>, error-rate=<0..1>, malformed=<path>, down,
// maintenance=<n> (Drupal's maintenance-mode answer to the first n requests) and
// link-origin=<origin> (the origin written into links, as a Drupal behind a proxy writes its own),
// and a hostile or broken CMS on one collection path: endless=<path> (a new next link on every
// page, forever), huge=<path> (a 64 MB answer, streamed without a length) and hang=<path> (never
// answers).
export interface Faults {
  slow: number;
  failFirst: number;
  errorRate: number;
  malformed: string[];
  down: boolean;
  maintenance: number;
  linkOrigin: string | undefined;
  endless: string[];
  huge: string[];
  hang: string[];
}

export function parseFaults(spec: string | undefined): Faults {
  const faults: Faults = {
    slow: 0,
    failFirst: 0,
    errorRate: 0,
    malformed: [],
    down: false,
    maintenance: 0,
    linkOrigin: undefined,
    endless: [],
    huge: [],
    hang: [],
  };
  for (const part of (spec ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name = '', ...values] = part.split('=');
    const value = values.join('=');
    const number = Number(value);
    if (name === 'slow' && number >= 0) faults.slow = number;
    else if (name === 'fail-first' && Number.isInteger(number) && number >= 0) faults.failFirst = number;
    else if (name === 'error-rate' && number >= 0 && number <= 1) faults.errorRate = number;
    else if (name === 'malformed' && value.startsWith('/')) faults.malformed.push(value);
    else if ((name === 'endless' || name === 'huge' || name === 'hang') && value.startsWith('/'))
      faults[name].push(value);
    else if (name === 'down' && value === '') faults.down = true;
    else if (name === 'maintenance' && Number.isInteger(number) && number >= 0) faults.maintenance = number;
    else if (name === 'link-origin' && URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''))
      faults.linkOrigin = value.replace(/\/$/, '');
    else
      throw new Error(
        `LOCAL_CMS_FAULTS: cannot understand "${part}" (use slow=<ms>, fail-first=<n>, error-rate=<0..1>, malformed=</path>, down, maintenance=<n>, link-origin=<scheme://host[:port]>, endless=</path>, huge=</path>, hang=</path>)`,
      );
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
