/** Reading a response body as it streams: decompressed, counted, and cut off at the cap. */
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { CtxError, errorMessage } from "../errors.ts";

interface BodyReader {
  chunks: AsyncIterable<Uint8Array>;
  bytesRead(): number;
}

/**
 * The body of `res` as chunks. The cap counts decompressed bytes, so a small gzip bomb stops at
 * `maxBytes` like a large page does; an abort of `signal` (the deadline) ends the stream with its reason.
 */
export function readBody(res: IncomingMessage, encoding: string, maxBytes: number, url: string, signal: AbortSignal): BodyReader {
  let read = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const decoder = decompressor(encoding, url);
    const source: Readable = decoder ? res.pipe(decoder) : res;
    if (decoder) res.on("error", (err) => decoder.destroy(err));
    const onAbort = () => source.destroy(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      for await (const chunk of source as AsyncIterable<Uint8Array>) {
        read += chunk.byteLength;
        if (read > maxBytes) {
          throw new CtxError("FETCH_BLOCKED", `${url} is over the ${maxBytes / 1024 / 1024} MB cap; it was cut off after ${maxBytes} bytes`);
        }
        yield chunk;
      }
    } catch (err) {
      if (err instanceof CtxError) throw err;
      if (signal.aborted && signal.reason instanceof CtxError) throw signal.reason;
      throw new CtxError("UNREADABLE", `reading ${url} failed: ${errorMessage(err)}`, { cause: err });
    } finally {
      signal.removeEventListener("abort", onAbort);
      res.destroy();
      decoder?.destroy();
    }
  }
  return { chunks: chunks(), bytesRead: () => read };
}

function decompressor(encoding: string, url: string) {
  switch (encoding) {
    case "":
    case "identity":
      return undefined;
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      throw new CtxError("UNREADABLE", `${url} came with content-encoding ${JSON.stringify(encoding)}, which ctxmode cannot decode`);
  }
}
