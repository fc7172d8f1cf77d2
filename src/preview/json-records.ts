import { countText } from "./clip.ts";
import { isRecord, typeOf } from "./json-shape.ts";

/** Distinct values a field may have and still count as low-cardinality. */
const MAX_DISTINCT = 8;
/** Fields tracked per record set; bounds the work on very wide records. */
const MAX_FIELDS = 120;
/** Strings longer than this are text, not categories. */
const MAX_VALUE_CHARS = 40;

interface Field {
  /** Records that have the field. */
  present: number;
  /** JSON types seen, in first-seen order. */
  types: Set<string>;
  /** Counts of string and boolean values; undefined once the field turned out high-cardinality. */
  values: Map<string, number> | undefined;
  /** Values seen in all (for `labels[].name` one record can add several). */
  seen: number;
}

/** Key union with counts and value counts of low-cardinality fields, over a set of records. */
export function recordStats(items: unknown[]): string[] {
  const fields = new Map<string, Field>();
  let records = 0;
  const field = (name: string): Field | undefined => {
    let f = fields.get(name);
    if (!f && fields.size < MAX_FIELDS) fields.set(name, (f = { present: 0, types: new Set(), values: new Map(), seen: 0 }));
    return f;
  };
  const count = (f: Field | undefined, value: unknown) => {
    if (!f?.values) return;
    if (typeof value !== "string" && typeof value !== "boolean") return;
    const v = String(value);
    if (v.length > MAX_VALUE_CHARS || v === "") return;
    f.seen++;
    f.values.set(v, (f.values.get(v) ?? 0) + 1);
    if (f.values.size > MAX_DISTINCT) f.values = undefined;
  };
  for (const item of items) {
    if (!isRecord(item)) continue;
    records++;
    for (const [key, value] of Object.entries(item)) {
      const f = field(key);
      if (!f) continue;
      f.present++;
      f.types.add(typeOf(value));
      count(f, value);
      // One level down: `user.type`, `labels[].name` are often the categories that matter.
      if (isRecord(value)) for (const [k, v] of Object.entries(value)) count(field(`${key}.${k}`), v);
      else if (Array.isArray(value)) for (const el of value) if (isRecord(el)) for (const [k, v] of Object.entries(el)) count(field(`${key}[].${k}`), v);
    }
  }
  if (records === 0) return [];
  const top = [...fields].filter(([name]) => !name.includes(".") && !name.includes("[]"));
  const keys = top.map(([name, f]) => `${name}:${[...f.types].join("|")}${f.present === records ? "" : ` ×${countText(f.present)}`}`);
  const out = [`  fields: ${keys.join(", ")}`];
  const categories: string[][] = [[], []];
  for (const [name, f] of fields) {
    if (!f.values || f.values.size === 0) continue;
    // A category repeats: at least two values per distinct value, over at least four records.
    if (f.seen < 4 || f.values.size * 2 > f.seen) continue;
    const values = [...f.values].sort((a, b) => b[1] - a[1]).map(([v, n]) => `${v} ×${countText(n)}`);
    // Fields that vary tell more than fields with one value throughout; those go last.
    categories[f.values.size > 1 ? 0 : 1]!.push(`  ${name}: ${values.join(", ")}`);
  }
  return [...out, ...categories[0]!, ...categories[1]!];
}
