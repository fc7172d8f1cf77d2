import { countText } from "./clip.ts";

/** Keys listed per object before `… N more keys`; bounds the work on wide objects. */
const KEYS_SHOWN = 40;
/** Elements scanned for an array's element types and key union. */
const ELEMENTS_SCANNED = 1000;

/** A JSON value's type in a word: object, array, string, number, boolean, null. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keys of the objects among the first elements, in first-seen order. */
function keyUnion(items: unknown[], limit = ELEMENTS_SCANNED): string[] {
  const keys = new Set<string>();
  for (let i = 0; i < items.length && i < limit; i++) {
    const item = items[i];
    if (isRecord(item)) for (const k of Object.keys(item)) keys.add(k);
  }
  return [...keys];
}

function keyList(keys: string[], max = 8): string {
  return `{${keys.slice(0, max).join(", ")}${keys.length > max ? ", …" : ""}}`;
}

/** One value summed up on one line: scalars as themselves, long strings by start and length, containers by type and size. */
export function summarize(value: unknown): string {
  if (typeof value === "string") {
    if (value.length <= 60) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, 40)).slice(0, -1)}…" (string, ${countText(value.length)} chars)`;
  }
  if (Array.isArray(value)) return summarizeArray(value);
  if (isRecord(value)) {
    const keys = Object.keys(value);
    return keys.length === 0 ? "{}" : `object (${keys.length} keys) ${keyList(keys)}`;
  }
  return String(value);
}

function summarizeArray(items: unknown[]): string {
  if (items.length === 0) return "[]";
  const types = new Map<string, number>();
  for (let i = 0; i < items.length && i < ELEMENTS_SCANNED; i++) {
    const t = typeOf(items[i]);
    types.set(t, (types.get(t) ?? 0) + 1);
  }
  if (!types.has("object") && !types.has("array")) {
    const literal = JSON.stringify(items);
    if (literal.length <= 60) return literal;
  }
  const of = types.size === 1 ? [...types.keys()][0]! : [...types].map(([t, n]) => `${t} ×${n}`).join(", ");
  const keys = types.has("object") ? ` ${keyList(keyUnion(items))}` : "";
  return `array[${countText(items.length)}] of ${of}${keys}`;
}

/**
 * An object's keys, one line each (`key: summary`), nested objects expanded below their key down
 * to `depth` levels.
 */
export function shapeLines(value: Record<string, unknown>, depth: number, indent = "  "): string[] {
  const out: string[] = [];
  const keys = Object.keys(value);
  for (const key of keys.slice(0, KEYS_SHOWN)) {
    const child = value[key];
    const nested = depth > 0 && isRecord(child) && Object.keys(child).length > 0;
    out.push(`${indent}${key}: ${nested ? `object (${Object.keys(child).length} keys)` : summarize(child)}`);
    if (nested) out.push(...shapeLines(child, depth - 1, `${indent}  `));
  }
  if (keys.length > KEYS_SHOWN) out.push(`${indent}… ${keys.length - KEYS_SHOWN} more keys`);
  return out;
}

/** Where the records are: the longest array of objects within three levels of objects. */
export function findRecords(value: unknown, path = "", depth = 3): { path: string; items: unknown[] } | undefined {
  if (Array.isArray(value)) {
    const objects = value.slice(0, ELEMENTS_SCANNED).filter(isRecord).length;
    return objects >= Math.min(value.length, ELEMENTS_SCANNED) / 2 && objects > 0 ? { path, items: value } : undefined;
  }
  if (!isRecord(value) || depth === 0) return undefined;
  let best: { path: string; items: unknown[] } | undefined;
  for (const [key, child] of Object.entries(value).slice(0, 200)) {
    const found = findRecords(child, path ? `${path}.${key}` : key, depth - 1);
    if (found && (!best || found.items.length > best.items.length)) best = found;
  }
  return best;
}
