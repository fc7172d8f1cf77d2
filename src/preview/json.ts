import { countText, cutStart, fits, formatBytes, utf8Length } from "./clip.ts";
import { eachLine } from "./lines.ts";
import { recordStats } from "./json-records.ts";
import { findRecords, isRecord, shapeLines, summarize } from "./json-shape.ts";
import type { PreviewInput, Rendered } from "./types.ts";

/** Larger texts are not parsed (a 50 MB reply would cost its size several times over in memory); they preview as lines. */
const JSON_PARSE_MAX = 8 * 1024 * 1024;
/** JSON lines records parsed for the field statistics. */
const JSONL_RECORDS = 5000;

/** The preview of a JSON document or of JSON lines, or undefined when the text is neither. */
export function previewJson(input: PreviewInput, cap: number): Rendered | undefined {
  const first = firstChar(input.text);
  if (first !== "{" && first !== "[") return undefined;
  if (input.text.length <= JSON_PARSE_MAX) {
    const value = parse(input.text);
    if (value !== undefined && typeof value === "object" && value !== null) return document(input, value, cap);
  }
  return jsonLines(input, cap);
}

function firstChar(text: string): string {
  const m = /\S/.exec(text.slice(0, 4096));
  return m ? m[0] : "";
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A whole document: its shape, then (when it holds records) their fields and the first of them. */
function document(input: PreviewInput, value: object, cap: number): Rendered {
  const records = findRecords(value);
  const what = Array.isArray(value) ? `JSON ${summarize(value).replace(/ \{.*$/, "")}` : `JSON object, ${Object.keys(value).length} keys`;
  const header = `${what}, ${formatBytes(input.bytes)}:`;
  const parts = [header];
  let room = cap - utf8Length(header) - 1;
  if (isRecord(value)) {
    // The deepest expansion of the keys that fits in its share; records, when present, need the rest.
    const share = records ? Math.floor(room * 0.45) : room;
    const shape = fitLines(
      [3, 2, 1, 0].map((depth) => shapeLines(value, depth)),
      share,
    );
    parts.push(shape);
    room -= utf8Length(shape) + 1;
  }
  if (records) parts.push(recordsPart(records.path, records.items, room));
  return { kind: "json", text: parts.filter(Boolean).join("\n"), headEnd: 0, tailStart: input.lines + 1 };
}

/** JSON lines: the records' fields and the first records. Undefined when the sample's lines are not JSON. */
function jsonLines(input: PreviewInput, cap: number): Rendered | undefined {
  const sample = input.sample.filter((l) => l.trim() !== "").slice(0, 20);
  if (sample.length < 2) return undefined;
  const parsed = sample.filter((l) => /^\s*[{[]/.test(l) && parse(l) !== undefined).length;
  if (parsed < sample.length * 0.9) return undefined;
  const items: unknown[] = [];
  let bytes = 0;
  eachLine(input.text, (line) => {
    if (line.trim() === "") return;
    bytes += line.length;
    if (items.length >= JSONL_RECORDS || bytes > JSON_PARSE_MAX) return false;
    const v = parse(line);
    if (v !== undefined) items.push(v);
  });
  const sampled = items.length < input.lines ? ` (first ${countText(items.length)} read)` : "";
  const header = `JSON lines, ${countText(input.lines)} lines${sampled}, ${formatBytes(input.bytes)}:`;
  const body = recordsPart("", items, cap - utf8Length(header) - 1, (i) => `line ${i + 1}`);
  return { kind: "json-lines", text: `${header}\n${body}`, headEnd: 0, tailStart: input.lines + 1 };
}

/** Record count, field statistics (up to half the room) and the first record(s), cut at structure. */
function recordsPart(path: string, items: unknown[], room: number, where = (i: number) => (path ? `${path}[${i}]` : `[${i}]`)): string {
  const title = `${path ? `${path}: ` : ""}${countText(items.length)} records`;
  const stats = fitLines([recordStats(items)], Math.floor(room * 0.5) - title.length);
  const head = [title, stats].filter(Boolean).join("\n");
  let left = room - utf8Length(head) - 1;
  const shown: string[] = [];
  for (let i = 0; i < items.length && i < 3; i++) {
    const label = `${i === 0 ? "first" : "next"} record (${where(i)}):`;
    const json = JSON.stringify(items[i], clipLongStrings) ?? "null";
    if (i > 0 && !fits(json, left - label.length - 2)) break;
    const cut = cutStart(json, left - utf8Length(label) - 2);
    if (cut === "…" || cut === "") break;
    shown.push(`${label}\n${cut}`);
    left -= utf8Length(label) + utf8Length(cut) + 2;
  }
  return [head, ...shown].join("\n");
}

/** Long strings in a shown record keep their start and say how long they were, so the record's other fields still fit. */
function clipLongStrings(_key: string, value: unknown): unknown {
  return typeof value === "string" && value.length > 160 ? `${value.slice(0, 120)}… (${countText(value.length)} chars)` : value;
}

/**
 * The first of `candidates` (most detailed first) that fits `room` bytes whole; otherwise the
 * last, cut to whole lines with a count of what was left out.
 */
function fitLines(candidates: string[][], room: number): string {
  for (const lines of candidates) {
    const text = lines.join("\n");
    if (utf8Length(text) <= room) return text;
  }
  const lines = candidates.at(-1)!;
  const out: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cut = cutStart(line, Math.max(60, Math.floor(room / 2)));
    if (used + utf8Length(cut) + 1 > room - 24) break;
    out.push(cut);
    used += utf8Length(cut) + 1;
  }
  const left = lines.length - out.length;
  if (left > 0) out.push(`  … ${left} more line${left === 1 ? "" : "s"}`);
  return out.join("\n");
}
