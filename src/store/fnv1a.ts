/**
 * FNV-1a, 64 bits, as 16 hex characters: project folder names, the journal's dedup keys, once-markers.
 * Not cryptographic and not meant to be: importing node:crypto costs a hook ~2.5 ms on the
 * compiled binary (measured), more than the rest of a pre-tool hook's own work.
 */
export function fnv1a64(text: string): string {
  // The 64-bit state as two 32-bit halves; the prime is 2^40 + 0x1b3.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo = (lo ^ text.charCodeAt(i)) >>> 0;
    const low = lo * 0x1b3; // < 2^41: exact in a double
    hi = (hi * 0x1b3 + Math.floor(low / 0x100000000) + (Math.imul(lo, 0x100) >>> 0)) >>> 0;
    lo = low >>> 0;
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}
