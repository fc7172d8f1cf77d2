/** UTF-8 byte counting and splitting that never cuts a character in two. */

/** UTF-8 byte length of `s`; a lone surrogate counts as the 3 bytes of the U+FFFD it encodes to. */
export function utf8Length(s: string): number {
  // Native in both Bun and Node, and an order of magnitude faster than a charCodeAt loop.
  return Buffer.byteLength(s, "utf8");
}

/**
 * Splits `s` into pieces of at most `maxBytes` UTF-8 bytes whose concatenation is `s`.
 * Cuts fall on code-point boundaries, avoid the middle of an emoji sequence or a letter with
 * combining marks, and prefer just after whitespace when that keeps the piece at least 3/4 full,
 * so a search term is rarely cut in half.
 */
export function splitUtf8(s: string, maxBytes: number): string[] {
  if (maxBytes < 4) throw new RangeError("maxBytes must be at least 4 to hold any code point");
  const out: string[] = [];
  let start = 0;
  let bytes = 0;
  let safeCut = -1;
  let safeBytes = 0;
  let spaceCut = -1;
  let spaceBytes = 0;
  let prev = 0;
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    const glued = prev === 0x200d || isExtender(cp);
    if (i > start && !glued) {
      safeCut = i;
      safeBytes = bytes;
    }
    if (bytes + size > maxBytes) {
      let cut = i;
      let cutBytes = bytes;
      if (spaceCut > start && spaceBytes * 4 >= maxBytes * 3) {
        cut = spaceCut;
        cutBytes = spaceBytes;
      } else if (glued && safeCut > start) {
        cut = safeCut;
        cutBytes = safeBytes;
      }
      out.push(s.slice(start, cut));
      start = cut;
      bytes -= cutBytes;
      safeCut = spaceCut = -1;
      // A grapheme cluster longer than maxBytes has no safe cut left: cut it at a code point.
      if (bytes + size > maxBytes) {
        out.push(s.slice(start, i));
        start = i;
        bytes = 0;
      }
    }
    bytes += size;
    if (cp === 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x3000) {
      spaceCut = i + units;
      spaceBytes = bytes;
    }
    prev = cp;
    i += units;
  }
  if (start < s.length || out.length === 0) out.push(s.slice(start));
  return out;
}

/** Code points that belong to the character before them: joiners, variation selectors, combining marks, skin tones, tags. */
function isExtender(cp: number): boolean {
  return (
    cp === 0x200d ||
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0020 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}
