import type { Readable } from "node:stream";

// Reading an upload's body as it arrives, with a hard cap: the route's content-type parser hands
// the request stream on unread, so the quota can be checked before the first byte is taken.

export type CappedBody = { kind: "ok"; data: Buffer } | { kind: "over"; received: number };

/**
 * The body's bytes, or "over" as soon as more than `cap` bytes arrived: reading stops there and the
 * bytes read so far are dropped (Node discards the rest of the request once the answer is sent).
 * With a Content-Length (`declared`, already known to be ≤ cap) the bytes go into one buffer of
 * that size, so an upload holds its size in memory once; without, its chunks until the end. A body
 * that ends short of or past its Content-Length, or a connection that breaks, rejects.
 */
export function readCappedBody(stream: Readable, cap: number, declared: number | undefined): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    const whole = declared === undefined ? null : Buffer.allocUnsafe(declared);
    const chunks: Buffer[] = [];
    let received = 0;

    const stop = () => {
      stream.removeListener("data", onData);
      stream.removeListener("end", onEnd);
      stream.removeListener("error", onError);
      stream.removeListener("close", onClose);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      const at = received;
      received += bytes.length;
      if (received > cap || (whole && received > whole.length)) {
        stop();
        // No more data events are wanted; what still arrives is discarded.
        stream.resume();
        resolve({ kind: "over", received });
        return;
      }
      if (whole) bytes.copy(whole, at);
      else chunks.push(bytes);
    }
    function onEnd() {
      stop();
      if (whole && received !== whole.length) {
        reject(Object.assign(new Error("body shorter than its Content-Length"), { statusCode: 400 }));
        return;
      }
      resolve({ kind: "ok", data: whole ?? Buffer.concat(chunks, received) });
    }
    function onError(error: Error) {
      stop();
      reject(error);
    }
    function onClose() {
      stop();
      reject(new Error("upload connection closed before the body ended"));
    }

    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.on("close", onClose);
    stream.resume();
  });
}
