// A fault for src/release/tests/resident-memory.test.ts, loaded into every process the publisher
// starts (NODE_OPTIONS=--import): in the resident renderer only, the first build request makes it
// allocate until V8 reaches its heap limit (PUBLISH_RESIDENT_MEMORY_MB) and ends the process, as a
// renderer holding too large a site would. A real end by V8, whatever the machine's memory; the
// listener comes before the renderer's own, so the build never starts.
if (process.argv[1]?.endsWith('resident-process.ts')) {
  process.on('message', (request: { type?: string }) => {
    if (request.type !== 'build') return;
    const hoard: object[][] = [];
    for (let i = 0; ; i++) hoard.push(Array.from({ length: 100_000 }, (_, j) => ({ i, j })));
  });
}
