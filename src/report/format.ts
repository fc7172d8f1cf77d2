import { formatBytes } from "../preview/clip.ts";

/** Text for HTML content and attribute values (both quote kinds escaped). */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** 123 B · 12.3 KB · 512 KB · 4.5 MB: short enough for a chart label, exact value in a title. */
export function bytes(n: number): string {
  return formatBytes(n, { round: true });
}

export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** Milliseconds with the precision that matters at that size. */
export function ms(n: number): string {
  if (n < 10) return `${n.toFixed(2)} ms`;
  if (n < 1000) return `${n.toFixed(1)} ms`;
  return `${(n / 1000).toFixed(2)} s`;
}

/** Local `YYYY-MM-DD HH:MM` (the report is read on the machine that wrote it). */
export function dateTime(epochMs: number): string {
  if (!epochMs) return "—";
  const d = new Date(epochMs);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Local `HH:MM:SS`, for rows of one session. */
export function clock(epochMs: number): string {
  const d = new Date(epochMs);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${(Math.round((1000 * part) / whole) / 10).toFixed(1)}%`;
}
