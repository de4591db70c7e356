/**
 * The document's way from React to the response: a Node writable for React's `pipe` whose
 * writes come out of a web stream joined, one piece for all React wrote in one turn of
 * the event loop. React writes a rendered page in some thirty pieces of a few KB, all at
 * once; through a PassThrough and React Router's stream adapter each piece was an event,
 * a copy and a queued read of its own, and the adapter paused and resumed React every
 * 16 KB. What React writes later (a slow part of the page) still goes out when written.
 *
 * A document is rendered whole into memory anyway, so the stream holds back nothing: React
 * is never told to wait. A reader that cancels (the visitor left) ends the writable, which
 * stops React's render.
 */
import { Writable } from "node:stream";

export function documentStream(): { writable: Writable; readable: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let parts: Uint8Array[] = [];
  let size = 0;
  let scheduled = false;
  let done = false;

  const pass = () => {
    scheduled = false;
    if (size === 0 || done) return;
    const joined = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    controller.enqueue(joined);
  };
  const take = (chunk: Uint8Array) => {
    if (done) return;
    parts.push(chunk);
    size += chunk.byteLength;
    if (scheduled) return;
    scheduled = true;
    setImmediate(pass);
  };

  const readable = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      done = true;
      parts = [];
      writable.destroy();
    },
  });
  const writable = new Writable({
    write(chunk: Uint8Array, _encoding, callback) {
      take(chunk);
      callback();
    },
    writev(chunks, callback) {
      for (const { chunk } of chunks) take(chunk as Uint8Array);
      callback();
    },
    final(callback) {
      pass();
      if (!done) {
        done = true;
        controller.close();
      }
      callback();
    },
    destroy(error, callback) {
      if (!done) {
        done = true;
        controller.error(error ?? new Error("the document stream ended before the document"));
      }
      callback(error);
    },
  });
  return { writable, readable };
}
