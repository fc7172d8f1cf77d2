/** JSON chunking: split by key and by array item, titled by key path or by each item's identity. */

import { utf8Length } from "./bytes.ts";
import { childSpans, lineLocator, skipSpace, skipValue, type Span } from "./json-spans.ts";
import { makeLineTable, pieceBody, trimPiece } from "./line-table.ts";
import { blockBreakScore, packLines } from "./pack-lines.ts";
import { clip, displayName } from "./titles.ts";
import type { Chunk, ChunkOptions } from "./types.ts";

interface Context {
  src: string;
  max: number;
  name: string;
  lineOf: (offset: number) => number;
  /** Child positions are looked up only when lines can differ; minified JSON is all line 1. */
  multiline: boolean;
  out: Chunk[];
}

interface Entry {
  label: string;
  /** An object's own keys (`parameters`: `slug, page, perPage`), named in a group's title. */
  inner?: string[];
  /** An object member is a record of its own (isRecord). */
  record?: boolean;
  text: string;
  bytes: number;
  span?: Span;
}

type Container = Record<string, unknown> | unknown[];

/** Chunks of pretty-printed (2-space) JSON; null when the text is not a JSON object or array. */
export function chunkJson(text: string, opts: ChunkOptions): Chunk[] | null {
  const src = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  let value: unknown;
  try {
    value = JSON.parse(src);
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  const root = skipSpace(src, 0);
  const ctx: Context = {
    src,
    max: opts.maxChunk,
    name: displayName(opts.name),
    lineOf: lineLocator(src),
    multiline: src.includes("\n"),
    out: [],
  };
  emitContainer(ctx, value as Container, [], { start: root, end: skipValue(src, root) });
  return ctx.out;
}

function emitContainer(ctx: Context, value: Container, path: string[], span: Span | undefined): void {
  const isArray = Array.isArray(value);
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  const spans = span && ctx.multiline ? childSpans(ctx.src, span.start) : [];
  const spanByKey = new Map(spans.map((s, i) => [isArray ? String(i) : s.key!, s]));
  const keys = isArray ? value.map((_, i) => String(i)) : Object.keys(value);
  if (keys.length === 0) {
    push(ctx, path, `${open}${close}`, span);
    return;
  }

  const entries: Entry[] = keys.map((key) => {
    const child = (value as Record<string, unknown>)[key];
    // Stringifying the child inside a one-member wrapper gets its 2-space indent natively.
    const wrapped = JSON.stringify(isArray ? [child] : { [key]: child }, null, 2);
    const text = wrapped.slice(2, -2);
    const label = isArray ? identity(child) || `[${key}]` : key.trim() === "" ? JSON.stringify(key) : clip(key, 80);
    const inner = !isArray && child !== null && typeof child === "object" && !Array.isArray(child) ? Object.keys(child) : undefined;
    return {
      label,
      ...(inner?.length ? { inner, record: isRecord(child as Record<string, unknown>) } : {}),
      text,
      bytes: utf8Length(text),
      span: spanByKey.get(key),
    };
  });
  // The body is "[\n" + entries joined by ",\n" + "\n]": 2 bytes plus each entry and its 2-byte separator.
  let total = 2;
  for (const e of entries) total += e.bytes + 2;
  if (total <= ctx.max) {
    push(ctx, path, wrap(open, close, entries), span);
    return;
  }

  let group: Entry[] = [];
  let groupBytes = 2;
  let first = 0;
  const flush = () => {
    if (group.length === 0) return;
    const range = { start: group[0]!.span?.start ?? span?.start ?? 0, end: group[group.length - 1]!.span?.end ?? span?.end ?? 0 };
    // A record's opening plain fields (`id`, `type`, `description` of a schema) are the record
    // itself: titled by its path (`schemas > Policy`), as a section's opening is by its heading.
    const head = !isArray && first === 0 && path.length > 0 && group.every((e) => e.inner === undefined && !e.text.trimEnd().endsWith("]"));
    push(ctx, head ? path : [...path, groupLabel(group, isArray, first)], wrap(open, close, group), group[0]!.span ? range : span);
    group = [];
    groupBytes = 2;
  };
  entries.forEach((entry, i) => {
    if (entry.bytes + 4 > ctx.max) {
      flush();
      const child = (value as Record<string, unknown>)[keys[i]!];
      if (child !== null && typeof child === "object") emitContainer(ctx, child as Container, [...path, entry.label], entry.span ?? span);
      else emitLong(ctx, typeof child === "string" ? child : entry.text, [...path, entry.label], entry.span ?? span);
      return;
    }
    // Records of some size stand alone, so a hit (and its snippet) is one record's fields only.
    if (groupBytes + entry.bytes + 2 > ctx.max || standsAlone(ctx, isArray, entry)) flush();
    if (group.length === 0) first = i;
    group.push(entry);
    groupBytes += entry.bytes + 2;
    if (standsAlone(ctx, isArray, entry)) flush();
  });
  flush();
}

/**
 * An array item, or an object member that is an object (an API's method, a schema, a lockfile's
 * package), of at least 1/8 of a chunk (and 256 bytes) gets a chunk of its own.
 */
const standsAlone = (ctx: Context, isArray: boolean, e: Entry) => (isArray || e.record === true) && e.bytes >= Math.max(256, ctx.max / 8);

/** Plain fields an object member needs to be a record of its own (`id`, `path`, `httpMethod`, `description`). */
const RECORD_SCALARS = 3;
/** Fields that name a record: an API method's `id`, an operation's `operationId`, a package's `name`. */
const NAMING_FIELDS = ["id", "name", "title", "operationId", "summary", "key", "label"] as const;

/**
 * Whether an object is a record: a few plain fields, one of which names it. A map of plain values
 * (a record's `dependencies` or `scripts`) is a field of its record, not a record: it names nothing.
 */
function isRecord(o: Record<string, unknown>): boolean {
  let scalars = 0;
  for (const v of Object.values(o)) if (v === null || typeof v !== "object") scalars++;
  return scalars >= RECORD_SCALARS && NAMING_FIELDS.some((f) => typeof o[f] === "string" || typeof o[f] === "number");
}

/** A string too long for one chunk, indexed as its own text (unescaped) split by lines. */
function emitLong(ctx: Context, text: string, path: string[], span: Span | undefined): void {
  const t = makeLineTable(text);
  const pieces = packLines(t, 0, t.lines.length - 1, { maxBytes: ctx.max, maxLines: Number.POSITIVE_INFINITY, breakScore: blockBreakScore(t) });
  let part = 0;
  for (const piece of pieces) {
    const p = trimPiece(t, piece);
    if (!p) continue;
    part++;
    const title = part === 1 ? path : [...path.slice(0, -1), `${path[path.length - 1]} (${part})`];
    push(ctx, title, pieceBody(t, p), span);
  }
}

function push(ctx: Context, path: string[], body: string, span: Span | undefined): void {
  const lineStart = span ? ctx.lineOf(span.start) : 1;
  const lineEnd = span ? ctx.lineOf(Math.max(span.start, span.end - 1)) : ctx.lineOf(ctx.src.trimEnd().length);
  ctx.out.push({ title: path.length > 0 ? path.join(" > ") : ctx.name, body, lineStart, lineEnd, code: true });
}

function wrap(open: string, close: string, entries: Entry[]): string {
  return `${open}\n${entries.map((e) => e.text).join(",\n")}\n${close}`;
}

/** `key`, `k1, k2, k3`, `#12 Title` or `[3-5] #12 Title, #13 Other`, at most about 80 characters. */
function groupLabel(group: Entry[], isArray: boolean, first: number): string {
  if (group.length === 1) return group[0]!.label;
  const labels = group.map((e) => e.label);
  // Objects side by side (`securitySchemes, headers, parameters`) name their own keys too: what a query names is under them.
  if (!isArray && group.some((e) => e.inner)) return withInner(group, 160);
  if (!isArray) return clip(labels.join(", "), 80);
  const range = `[${first}-${first + group.length - 1}]`;
  const named = labels.filter((l) => !l.startsWith("["));
  return named.length > 0 ? clip(`${range} ${named.join(", ")}`, 80) : range;
}

/**
 * Keys side by side, each with the keys under it as far as `max` characters allow: every key
 * first, then the names under them in order, a list cut with "…" where the room ends. A record's
 * `dependencies (chalk, cli-cursor, …)` left no room for the `dist` after it.
 */
function withInner(group: Entry[], max: number): string {
  const keys = group.map((e) => e.label).join(", ");
  if (keys.length >= max) return clip(keys, max);
  let room = max - keys.length;
  return group
    .map((e) => {
      const all = e.inner ?? [];
      if (all.length === 0 || room < 6) return e.label;
      // The first `n` names, "…" after them when some are left out.
      const inner = (n: number) => ` (${all.slice(0, n).join(", ")}${n < all.length ? ", …" : ""})`;
      let n = 0;
      while (n < all.length && inner(n + 1).length <= room) n++;
      if (n === 0) return e.label;
      room -= inner(n).length;
      return `${e.label}${inner(n)}`;
    })
    .join(", ");
}

const ID_FIELDS = ["id", "name", "title", "number", "path", "slug", "key", "label"] as const;
const TEXT_FIELDS = ["title", "name", "label", "path", "slug", "key"] as const;

/**
 * What an array item is called: `#1234 Title` for issue-like items (a numeric `number`), else
 * a short id with the first name-like field, else the first present id-like field.
 */
function identity(item: unknown): string | null {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return null;
  const o = item as Record<string, unknown>;
  // A package manifest or registry record is known by name@version (npm, PyPI, crates).
  if (typeof o.name === "string" && typeof o.version === "string" && o.name && o.version) return clip(`${o.name}@${o.version}`, 80);
  const text = TEXT_FIELDS.map((f) => o[f]).find((v): v is string => typeof v === "string" && v.trim() !== "");
  let id: string | undefined;
  if (typeof o.number === "number") id = `#${o.number}`;
  else if (typeof o.id === "number" || (typeof o.id === "string" && o.id.trim() !== "" && o.id.length <= 12)) id = String(o.id);
  if (id !== undefined || text !== undefined) return clip([id, text].filter(Boolean).join(" "), 80);
  const any = ID_FIELDS.map((f) => o[f]).find((v) => typeof v === "number" || (typeof v === "string" && v.trim() !== ""));
  return any === undefined ? null : clip(String(any), 80);
}
