import { Transform, type Readable } from "node:stream";

/** What is known of a message that was too big to read: its size and the two ends of its text. */
export interface OversizeMessage {
  bytes: number;
  /** The JSON-RPC id, when either end of the message shows it; undefined for a notification or when it cannot be told. */
  id?: number | string;
}

/** Bytes of each end of an oversize line kept to find its id (the SDK writes `"id"` last, others first). */
const END_BYTES = 4096;

/**
 * Passes newline-delimited JSON-RPC lines through, but drops any line longer than `limit` bytes
 * while it streams (memory stays bounded) and reports it instead. The MCP SDK's stdio transport
 * closes the whole connection when one message passes its 10 MiB buffer, so one oversized call
 * (10 MB of code) would end the session; with this in front, only that call fails.
 */
export function guardStdin(input: Readable, limit: number, onOversize: (message: OversizeMessage) => void): Readable {
  let parts: Buffer[] = [];
  let size = 0;
  let dropping = false;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(10, start);
        const piece = chunk.subarray(start, nl < 0 ? chunk.length : nl + 1);
        if (dropping) {
          size += piece.length;
          tail = Buffer.concat([tail, piece]).subarray(-END_BYTES);
        } else if (size + piece.length > limit) {
          dropping = true;
          head = Buffer.concat([...parts, piece]).subarray(0, END_BYTES);
          tail = Buffer.concat([...parts, piece].slice(-2)).subarray(-END_BYTES);
          size += piece.length;
          parts = [];
        } else {
          parts.push(piece);
          size += piece.length;
        }
        if (nl < 0) break;
        if (dropping) onOversize({ bytes: size, id: idOf(head.toString("utf8"), tail.toString("utf8")) });
        else this.push(Buffer.concat(parts));
        parts = [];
        size = 0;
        dropping = false;
        start = nl + 1;
        if (start >= chunk.length) break;
      }
      done();
    },
    flush(done) {
      if (!dropping && parts.length) this.push(Buffer.concat(parts));
      done();
    },
  });
  input.on("error", (err) => guard.destroy(err));
  return input.pipe(guard);
}

const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*}\s*$/;
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/;

/** The request id from the end (`…,"id":7}`, as the SDK writes it) or the start (`{"jsonrpc":"2.0","id":7,…`) of a message. */
function idOf(head: string, tail: string): number | string | undefined {
  const raw = ID_AT_END.exec(tail)?.[1] ?? ID_AT_START.exec(head)?.[1];
  return raw === undefined ? undefined : (JSON.parse(raw) as number | string);
}
