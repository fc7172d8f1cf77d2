import type { Chunk } from "./chunk/index.ts";
import type { PreparedSource } from "./prepare-chunks.ts";

/**
 * Prepared sources flattened into one string plus two number arrays, for the trip from the
 * prepare worker. Structured-cloning thousands of small strings and objects cost the writing
 * thread 100–200 ms per 10 MB; one string and two transferable buffers cost a few.
 */
export interface PackedSources {
  text: string;
  /** Length of each string field, in order: per source sha256 and words, then per chunk title, body, grams. */
  lengths: Int32Array;
  /** Per source bytes and chunk count, then per chunk lineStart, lineEnd, code. */
  numbers: Float64Array;
}

export function packSources(sources: PreparedSource[]): PackedSources {
  const strings: string[] = [];
  const numbers: number[] = [];
  for (const s of sources) {
    strings.push(s.sha256, s.words);
    numbers.push(s.bytes, s.chunks.length);
    s.chunks.forEach((c, i) => {
      strings.push(c.title, c.body, s.grams[i]!);
      numbers.push(c.lineStart, c.lineEnd, c.code ? 1 : 0);
    });
  }
  return { text: strings.join(""), lengths: Int32Array.from(strings, (x) => x.length), numbers: Float64Array.from(numbers) };
}

export function unpackSources(packed: PackedSources, count: number): PreparedSource[] {
  const { text, lengths, numbers } = packed;
  let at = 0;
  let li = 0;
  let ni = 0;
  const next = () => text.slice(at, (at += lengths[li++]!));
  const out: PreparedSource[] = [];
  for (let k = 0; k < count; k++) {
    const sha256 = next();
    const words = next();
    const bytes = numbers[ni++]!;
    const n = numbers[ni++]!;
    const chunks: Chunk[] = [];
    const grams: string[] = [];
    for (let i = 0; i < n; i++) {
      const title = next();
      const body = next();
      grams.push(next());
      chunks.push({ title, body, lineStart: numbers[ni++]!, lineEnd: numbers[ni++]!, code: numbers[ni++] === 1 });
    }
    out.push({ sha256, bytes, chunks, grams, words });
  }
  return out;
}
