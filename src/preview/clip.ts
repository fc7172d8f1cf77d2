/**
 * Byte-exact clipping on code-point boundaries. These walk only the part they keep, so clipping
 * the start of a 50 MB line costs as much as clipping a 50 B one.
 */

/** UTF-8 bytes of the code point starting at `s[i]`, and how many UTF-16 units it spans. */
function unitAt(s: string, i: number): [bytes: number, units: number] {
  const c = s.charCodeAt(i);
  if (c < 0x80) return [1, 1];
  if (c < 0x800) return [2, 1];
  if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d < 0xe000) return [4, 2];
  }
  return [3, 1];
}

/** UTF-8 length of a string. */
export function utf8Length(s: string): number {
  return Buffer.byteLength(s);
}

/** The longest prefix of `s` within `maxBytes` UTF-8 bytes. */
export function clipStart(s: string, maxBytes: number): string {
  if (maxBytes <= 0) return "";
  if (s.length * 3 <= maxBytes) return s;
  let used = 0;
  let i = 0;
  while (i < s.length) {
    const [bytes, units] = unitAt(s, i);
    if (used + bytes > maxBytes) break;
    used += bytes;
    i += units;
  }
  return s.slice(0, i);
}

/** The longest suffix of `s` within `maxBytes` UTF-8 bytes. */
function clipEnd(s: string, maxBytes: number): string {
  if (maxBytes <= 0) return "";
  if (s.length * 3 <= maxBytes) return s;
  let used = 0;
  let i = s.length;
  while (i > 0) {
    const c = s.charCodeAt(i - 1);
    const pair = c >= 0xdc00 && c < 0xe000 && i >= 2 && (s.charCodeAt(i - 2) & 0xfc00) === 0xd800;
    const start = pair ? i - 2 : i - 1;
    const [bytes] = unitAt(s, start);
    if (used + bytes > maxBytes) break;
    used += bytes;
    i = start;
  }
  return s.slice(i);
}

/** Whether `s` takes at most `maxBytes` UTF-8 bytes; measures only when the length cannot tell. */
export function fits(s: string, maxBytes: number): boolean {
  if (s.length > maxBytes) return false;
  return s.length * 3 <= maxBytes || utf8Length(s) <= maxBytes;
}

/** Characters a long line is best cut after: the end of a value, a separator, a space. */
const BREAK = /[,;}\]) \t|]/;

/**
 * The start of a long line within `maxBytes`, ending with `…`, cut after the last structural
 * character (comma, brace, space …) in its final quarter so a JSON value or word is not split.
 */
export function cutStart(line: string, maxBytes: number): string {
  if (fits(line, maxBytes)) return line;
  const room = clipStart(line, maxBytes - 3);
  for (let i = room.length - 1; i >= room.length * 0.75; i--) {
    if (BREAK.test(room[i]!)) return `${room.slice(0, i + 1)}…`;
  }
  return `${room}…`;
}

/** The end of a long line within `maxBytes`, starting with `…`, cut before a structural character. */
export function cutEnd(line: string, maxBytes: number): string {
  if (fits(line, maxBytes)) return line;
  const room = clipEnd(line, maxBytes - 3);
  for (let i = 0; i <= room.length * 0.25; i++) {
    if (/[,;{[( \t|]/.test(room[i]!)) return `…${room.slice(i)}`;
  }
  return `…${room}`;
}

/**
 * `239 B`, `3.1 KB`, `204.8 KB`, `1.0 GB` (1 KB = 1,024 B): the one form replies, hooks, the CLI
 * and the report print sizes in. `round` drops the decimal at 100 and above (`512 KB`), for chart
 * labels that must stay short.
 */
export function formatBytes(n: number, options: { round?: boolean } = {}): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = n / 1024;
  let unit = 0;
  // Step up before the value would print as 1024.0 of the smaller unit.
  while (value >= (options.round ? 1023.5 : 1023.95) && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${options.round && value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * `12`, `3,300`: counts as the previews print them. By hand: the first toLocaleString of a process
 * loads ICU's number formats, a millisecond of every hook that previews an output.
 */
export function countText(n: number): string {
  if (!Number.isInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${grouped}` : grouped;
}
