/** Positions of values in already-validated JSON text, so chunks can point at their source lines. */

/** A value's offsets in the text, `end` exclusive; `key` is set for object members. */
export interface Span {
  key?: string;
  start: number;
  end: number;
}

/** Offset of the first non-whitespace character at or after `i`. */
export function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i;
    i++;
  }
}

/** Offset just past the value starting at `i`. Assumes JSON.parse accepted the text. */
export function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return skipString(text, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === 34) j = skipString(text, j) - 1;
      else if (d === 123 || d === 91) depth++;
      else if ((d === 125 || d === 93) && --depth === 0) return j + 1;
    }
    return text.length;
  }
  let j = i;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
    j++;
  }
  return j;
}

/** Spans of the direct children of the object or array whose bracket is at `open`. */
export function childSpans(text: string, open: number): Span[] {
  const isObject = text.charCodeAt(open) === 123;
  const close = isObject ? 125 : 93;
  const spans: Span[] = [];
  let i = skipSpace(text, open + 1);
  while (i < text.length && text.charCodeAt(i) !== close) {
    let key: string | undefined;
    if (isObject) {
      const keyEnd = skipString(text, i);
      const raw = text.slice(i, keyEnd);
      key = raw.includes("\\") ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      i = skipSpace(text, skipSpace(text, keyEnd) + 1);
    }
    const end = skipValue(text, i);
    spans.push({ key, start: i, end });
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
  }
  return spans;
}

/** Maps offsets to 1-based line numbers. */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  if (starts.length === 1) return () => 1;
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q === -1) return text.length;
    let slashes = 0;
    for (let b = q - 1; text.charCodeAt(b) === 92; b--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}
