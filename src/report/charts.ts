import { bytes, clock, count, esc } from "./format.ts";
import type { DayTotal, TimelineRow } from "./types.ts";

const WIDTH = 760;
const HEIGHT = 240;
const PAD = { left: 64, right: 12, top: 12, bottom: 36 };
/** More days than this and the chart shows the latest ones (the table below it has them all). */
export const CHART_DAYS = 120;

/**
 * Bytes per day as stacked bars: kept out at the bottom, returned to the context on top. Colours
 * come from CSS classes so dark mode restyles the chart; every bar has a tooltip title, and the
 * figure's label says what it shows for screen readers (the day table carries the numbers).
 */
export function dayChart(all: DayTotal[], id: string): string {
  const days = all.slice(-CHART_DAYS);
  const top = niceCeil(Math.max(1, ...days.map((d) => d.keptOut + d.returned)));
  // Fifths of a 5 and quarters of a 1 or 2 keep every grid label round (1 MB, 512 KB, 2.5 MB …).
  const steps = top / 5 === niceCeil(top / 5) ? 5 : 4;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, Math.min(28, slot * 0.8));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const parts: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const frac = i / steps;
    const gy = y(top * frac).toFixed(1);
    parts.push(`<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${gy}" y2="${gy}"/>`);
    parts.push(`<text class="axis" x="${PAD.left - 6}" y="${gy}" text-anchor="end" dominant-baseline="middle">${esc(bytes(Math.round(top * frac)))}</text>`);
  }
  days.forEach((d, i) => {
    const x = (PAD.left + i * slot + (slot - barW) / 2).toFixed(1);
    const keptTop = y(d.keptOut);
    const retTop = y(d.keptOut + d.returned);
    const tip = `${d.day}: ${bytes(d.keptOut)} kept out, ${bytes(d.returned)} returned, ${count(d.calls)} calls`;
    parts.push(
      `<g><title>${esc(tip)}</title>` +
        `<rect class="kept" x="${x}" y="${keptTop.toFixed(1)}" width="${barW.toFixed(1)}" height="${(y(0) - keptTop).toFixed(1)}"/>` +
        `<rect class="returned" x="${x}" y="${retTop.toFixed(1)}" width="${barW.toFixed(1)}" height="${(keptTop - retTop).toFixed(1)}"/></g>`,
    );
  });
  for (const i of labelIndexes(days.length, 6)) {
    const x = (PAD.left + i * slot + slot / 2).toFixed(1);
    parts.push(`<text class="axis" x="${x}" y="${HEIGHT - PAD.bottom + 16}" text-anchor="middle">${esc(days[i]!.day.slice(5))}</text>`);
  }
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  const label = `Bytes kept out of the context per day, ${first} to ${last}; the highest day kept out ${bytes(Math.max(0, ...days.map((d) => d.keptOut)))}.`;
  return svg(id, label, parts.join(""), WIDTH, HEIGHT);
}

/**
 * The session's journal rows as ticks on a time line, coloured by priority (4 critical … 1 noise).
 * Ticks at the same pixel merge into one (a busy minute would otherwise draw hundreds).
 */
export function timelineStrip(rows: TimelineRow[], id: string): string {
  const h = 56;
  if (rows.length === 0) return "";
  const t0 = rows[0]!.at;
  const span = Math.max(1, rows[rows.length - 1]!.at - t0);
  const plotW = WIDTH - PAD.left - PAD.right;
  const ticks = new Map<string, { x: number; priority: number; n: number; at: number }>();
  for (const r of rows) {
    const x = Math.round(PAD.left + ((r.at - t0) / span) * plotW);
    const key = `${x}:${r.priority}`;
    const t = ticks.get(key);
    if (t) t.n += 1;
    else ticks.set(key, { x, priority: r.priority, n: 1, at: r.at });
  }
  const parts = [`<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${h - 20}" y2="${h - 20}"/>`];
  for (const t of ticks.values()) {
    const y1 = h - 20 - 6 * t.priority;
    parts.push(
      `<line class="tick p${t.priority}" x1="${t.x}" x2="${t.x}" y1="${y1}" y2="${h - 20}"><title>${esc(`${clock(t.at)}: ${t.n} row${t.n === 1 ? "" : "s"}, priority ${t.priority}`)}</title></line>`,
    );
  }
  parts.push(`<text class="axis" x="${PAD.left}" y="${h - 4}" text-anchor="start">${esc(clock(t0))}</text>`);
  parts.push(`<text class="axis" x="${WIDTH - PAD.right}" y="${h - 4}" text-anchor="end">${esc(clock(t0 + span))}</text>`);
  const label = `${rows.length} journal rows from ${clock(t0)} to ${clock(t0 + span)}; taller ticks are higher priority.`;
  return svg(id, label, parts.join(""), WIDTH, h);
}

function svg(id: string, label: string, body: string, w: number, h: number): string {
  return `<svg id="${esc(id)}" class="chart" viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="${esc(id)}-t"><title id="${esc(id)}-t">${esc(label)}</title>${body}</svg>`;
}

/**
 * The smallest 1, 2 or 5 × 10^k of the unit `bytes()` will print (B, KB, MB …) at or above `v`,
 * so grid lines land on round labels.
 */
function niceCeil(v: number): number {
  let unit = 1;
  while (v / unit >= 1024) unit *= 1024;
  const x = v / unit;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p * unit;
  return 10 * p * unit;
}

/** Up to `n` evenly spread indexes including the first and last. */
function labelIndexes(length: number, n: number): number[] {
  if (length <= n) return [...Array(length).keys()];
  const out = new Set<number>();
  for (let k = 0; k < n; k++) out.add(Math.round((k * (length - 1)) / (n - 1)));
  return [...out];
}
