/** Delimiters of tabular text (CSV, TSV, semicolon-separated). */
const DELIMITERS = [",", "\t", ";"];

/**
 * Whether the sampled lines are a table: for one delimiter, nine lines in ten hold the same number
 * of them, at least two. Log lines carry commas too, but never the same count line after line.
 */
export function looksTabular(sample: string[]): boolean {
  const lines = sample.filter((l) => l.trim() !== "").slice(0, 200);
  if (lines.length < 3) return false;
  return DELIMITERS.some((d) => {
    const counts = new Map<number, number>();
    for (const l of lines) {
      const n = l.split(d).length - 1;
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    const [cols, rows] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    return cols >= 2 && rows >= lines.length * 0.9;
  });
}
