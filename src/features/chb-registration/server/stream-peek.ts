// Reading the first bytes of a request body without losing them: the body is still sent on whole.

/** Reads up to `count` bytes from the stream, and returns them with a stream of everything. */
export async function peek(body: ReadableStream<Uint8Array>, count: number) {
  const reader = body.getReader();
  const seen: Uint8Array[] = [];
  let have = 0;
  let done = false;
  while (have < count) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    have += next.value.length;
  }
  const head = Buffer.concat(seen).subarray(0, count);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of seen) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, stream, cancel: () => reader.cancel().catch(() => {}) };
}
