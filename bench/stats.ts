/** Small statistics and byte formatting shared by the bench scripts. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Percent of `raw` kept out when `kept` bytes reached the context. */
export const keptOutPct = (raw: number, kept: number) => (raw > 0 ? round2(100 * (1 - kept / raw)) : 0);

/** 1 KB = 1,024 B. */
export function kb(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const byteLength = (s: string) => Buffer.byteLength(s);

export function sha256File(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}
