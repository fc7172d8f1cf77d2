import type { TermHit } from "./match.ts";

const encoder = new TextEncoder();
const byteLength = (s: string) => encoder.encode(s).length;

/**
 * Windows of `text` around term hits, at most `maxBytes` UTF-8 bytes in all. Text that fits is
 * returned whole; windows that touch are merged; cuts are marked with "…" and never split a
 * code point. Without hits the head of the text is returned.
 */
export function makeSnippet(text: string, hits: TermHit[], maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  const budget = maxBytes - 16; // room for the "…" marks (3 bytes each) and joins
  if (hits.length === 0) return `${clipBytes(text.slice(0, budget), budget)}…`;

  // The first hit of each distinct term earns a window before any repeat does.
  const firsts = new Map<number, TermHit>();
  for (const h of hits) if (!firsts.has(h.term)) firsts.set(h.term, h);
  const order = [...firsts.values(), ...hits.filter((h) => firsts.get(h.term) !== h)];
  const radius = Math.max(80, Math.floor(budget / (2 * Math.min(firsts.size, 3))));

  let windows: [number, number][] = [];
  for (const h of order) {
    const next = merge([...windows, [Math.max(0, h.at - radius), Math.min(text.length, h.at + h.length + radius)]]);
    if (next.reduce((n, [s, e]) => n + byteLength(text.slice(s, e)), 0) > budget) {
      if (windows.length === 0) windows = next; // one window, clipped below
      break;
    }
    windows = next;
  }
  const share = Math.floor(budget / windows.length);
  return windows
    .map(([s, e]) => `${s > 0 ? "…" : ""}${clipBytes(text.slice(snapStart(text, s), e), share)}${e < text.length ? "…" : ""}`)
    .join("\n");
}

function merge(windows: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of windows.sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 20) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Moves a window start forward to just after a space or newline when one is near, so words stay whole. */
function snapStart(text: string, s: number): number {
  if (s === 0) return 0;
  for (let i = s; i < Math.min(text.length, s + 24); i++) if (text[i] === " " || text[i] === "\n") return i + 1;
  return s;
}

/** The longest prefix of `s` that fits in `maxBytes` UTF-8 bytes, cut on a code-point boundary. */
export function clipBytes(s: string, maxBytes: number): string {
  let bytes = 0;
  let i = 0;
  while (i < s.length) {
    const cp = s.codePointAt(i)!;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > maxBytes) break;
    bytes += n;
    i += cp > 0xffff ? 2 : 1;
  }
  return s.slice(0, i);
}
