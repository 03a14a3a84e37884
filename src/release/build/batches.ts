// Runs an async job over many items a batch at a time: thousands of files read or written one by
// one cost seconds, all at once exhaust file handles.
export async function mapInBatches<T, R>(items: readonly T[], job: (item: T) => Promise<R>, size = 256): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(job))));
  return results;
}
