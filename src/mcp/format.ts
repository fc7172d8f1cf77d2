/** Text helpers shared by the tool replies: byte counts, sizes, the tail of whole lines. */

const encoder = new TextEncoder();

/** UTF-8 length of a string. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** `239 B`, `3.1 KB`, `204.8 KB`, `1.0 GB`; 1 KB = 1,024 B. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1023.95 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A string as a JSON literal, so labels and queries quote safely inside a suggested call. */
export function quote(text: string): string {
  return JSON.stringify(text);
}

/** The exact follow-up call that retrieves more of an indexed source. */
export function searchCall(source: string, query?: string): string {
  return `ctx_search(queries: [${quote(query || "…")}], source: ${quote(source)})`;
}

/** Whole lines from the end of `lines` within `maxBytes`; a last line that alone is too long keeps its end. */
export function tailLines(lines: string[], maxBytes: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const size = byteLength(line) + 1;
    if (used + size > maxBytes) {
      if (out.length === 0) out.push(`…${clipTail(line, maxBytes - 4)}`);
      break;
    }
    out.unshift(line);
    used += size;
  }
  return out;
}

/** The longest suffix of `text` within `maxBytes` UTF-8 bytes. */
function clipTail(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return "";
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return text;
  let start = bytes.length - maxBytes;
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return new TextDecoder().decode(bytes.subarray(start));
}

/** Splits text into lines without the trailing empty line a final newline would add. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
