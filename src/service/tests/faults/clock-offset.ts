// A fault for the two-node tests, loaded into one node's process (NODE_OPTIONS=--import): its
// wall clock (Date.now, new Date()) runs FAULT_CLOCK_OFFSET_MS ahead (negative: behind) of the
// machine's, as a node whose time sync failed would. Timers and the database's clock are not moved.
const offset = Number(process.env.FAULT_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  class SkewedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(realNow() + offset);
      else super(...(args as [string]));
    }
    static override now() {
      return realNow() + offset;
    }
  }
  globalThis.Date = SkewedDate as DateConstructor;
}
