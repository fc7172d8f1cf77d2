import { closeSync, openSync, readSync } from "node:fs";

const CHUNK = 4 * 1024 * 1024;
/** A single record longer than this is skipped rather than held in memory. */
export const MAX_LINE = 256 * 1024 * 1024;

/**
 * Calls `onLine` with each line of a file (without its newline), reading a few megabytes at a
 * time so a transcript of any size costs one chunk of memory plus its longest line. A line over
 * MAX_LINE is passed to `onTooLong` with its length instead. Returns the bytes read.
 */
export function forEachLine(path: string, onLine: (line: string) => void, onTooLong: (bytes: number) => void = () => {}): number {
  const fd = openSync(path, "r");
  const buf = Buffer.allocUnsafe(CHUNK);
  let carry: Buffer[] = [];
  let carried = 0;
  let dropping = false;
  let total = 0;
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null);
      if (n <= 0) break;
      total += n;
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        if (nl < 0 || nl >= n) break;
        if (dropping) {
          onTooLong(carried + nl - start);
          dropping = false;
        } else if (carried) {
          carry.push(buf.subarray(start, nl));
          onLine(Buffer.concat(carry).toString("utf8"));
        } else if (nl > start) {
          onLine(buf.toString("utf8", start, nl));
        }
        carry = [];
        carried = 0;
        start = nl + 1;
      }
      if (start < n) {
        carried += n - start;
        if (carried > MAX_LINE) {
          dropping = true;
          carry = [];
        } else if (!dropping) carry.push(Buffer.from(buf.subarray(start, n)));
      }
    }
    if (dropping) onTooLong(carried);
    else if (carried) onLine(Buffer.concat(carry).toString("utf8"));
  } finally {
    closeSync(fd);
  }
  return total;
}

/**
 * Each line parsed as JSON; a line that is not an object (a torn last write, another tool's
 * garbage) counts as skipped instead of stopping the file. `ignore` matches the opening of
 * records a reader never needs (request blobs, telemetry), which are passed over unparsed:
 * parsing is most of the time spent on a big history.
 */
export function forEachRecord(path: string, onRecord: (record: Record<string, unknown>) => void, onSkip: () => void, ignore?: RegExp): number {
  return forEachLine(
    path,
    (line) => {
      if (line.charCodeAt(0) !== 123 /* { */) {
        if (line.trim()) onSkip();
        return;
      }
      if (ignore?.test(line.slice(0, 160))) return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        onSkip();
        return;
      }
      if (value && typeof value === "object" && !Array.isArray(value)) onRecord(value as Record<string, unknown>);
      else onSkip();
    },
    onSkip,
  );
}
