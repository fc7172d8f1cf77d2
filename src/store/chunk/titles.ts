/** Title text shared by the line-based chunkers. */

// Edge whitespace, a whitespace run, or whitespace other than a plain space.
const UNTIDY = /^\s|\s$|\s\s|[^\S ]/;

/** Cuts `text` to at most `max` code points with whitespace collapsed, marking a cut with "…". */
export function clip(text: string, max: number): string {
  if (text.length <= max && !UNTIDY.test(text)) return text;
  const t = text.trim().replace(/\s+/g, " ");
  if (t.length <= max) return t;
  // Walk code points, not UTF-16 units, so an emoji is never cut in half.
  let end = 0;
  for (let count = 0; count < max - 1 && end < t.length; count++) end += t.codePointAt(end)! > 0xffff ? 2 : 1;
  if (end >= t.length) return t;
  // A cut inside a word would leave a piece of it (`some fil…`) that reads as a word of its own.
  if (/[\p{L}\p{N}_]/u.test(t[end - 1]!) && /[\p{L}\p{N}_]/u.test(t[end]!)) {
    const space = t.lastIndexOf(" ", end);
    if (space >= max / 2) end = space;
  }
  return `${t.slice(0, end).trimEnd()}…`;
}

/** `<name> lines a-b` or `<name> lines a-b: <heading>`, from 0-based line indices. */
export function rangeTitle(name: string, start: number, end: number, heading?: string): string {
  const base = `${name} lines ${start + 1}-${end + 1}`;
  return heading ? `${base}: ${heading}` : base;
}

/** The file name or label, or a stand-in so a title is never empty. */
export function displayName(name: string): string {
  const n = name.trim();
  return n === "" ? "text" : n;
}
