import { statSync } from "node:fs";
import { hasTable, type Database } from "./db.ts";
import { waitingBytes } from "./pending.ts";

/** The FTS5 indexes of a project database. */
export const FTS_TABLES = ["fts_words", "fts_grams", "fts_titles"] as const;

/** Sizes a long-running project database is watched by: the files and the FTS5 segments. */
export interface StoreHealth {
  dbBytes: number;
  walBytes: number;
  /** b-tree segments per FTS5 index; every query reads each one, so fewer is faster. */
  segments: Record<(typeof FTS_TABLES)[number], number>;
  /** Text stored by ctx_index whose full-text rows are still to be written (pending.ts). */
  waitingBytes: number;
}

/**
 * File sizes and segment counts. The count comes from each index's structure record (one row,
 * `id = 10` of `<table>_data`), whose header holds it: no segment is read, so this is cheap
 * enough for doctor and a bench to call after every thousand calls.
 */
export function storeHealth(db: Database, path: string): StoreHealth {
  const size = (p: string) => statSync(p, { throwIfNoEntry: false })?.size ?? 0;
  const segments = {} as StoreHealth["segments"];
  for (const table of FTS_TABLES) {
    const block = structureRecord(db, table);
    segments[table] = block ? segmentCount(block) : 0;
  }
  return { dbBytes: size(path), walBytes: size(`${path}-wal`), segments, waitingBytes: waitingBytes(db) };
}

/**
 * An FTS5 index's structure record (row `id = 10` of `<table>_data`): it changes whenever a
 * segment is written or merged. Undefined for a table a database of an older schema opened
 * read-only (doctor) lacks.
 */
export function structureRecord(db: Database, table: (typeof FTS_TABLES)[number]): Uint8Array | undefined {
  if (!hasTable(db, `${table}_data`)) return undefined;
  return db.prepare<{ block: Uint8Array }>(`SELECT block FROM ${table}_data WHERE id = 10`).get()?.block;
}

/**
 * nSegment from an FTS5 structure record: a 4-byte cookie, an optional 4-byte version-2 marker
 * (0xff000001, written by contentless_delete tables), then varints nLevel and nSegment
 * (SQLite's fts5_index.c, fts5StructureDecode).
 */
export function segmentCount(block: Uint8Array): number {
  let i = 4;
  if (block[i] === 0xff && block[i + 1] === 0x00 && block[i + 2] === 0x00 && block[i + 3] === 0x01) i += 4;
  const levels = readVarint(block, i);
  return readVarint(block, levels.next).value;
}

/** SQLite's varint: big-endian 7-bit groups, high bit set on all but the last (9th byte: all 8 bits). */
function readVarint(buf: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  for (let k = 0; k < 9; k++) {
    const b = buf[at + k] ?? 0;
    if (k === 8) return { value: value * 256 + b, next: at + 9 };
    value = value * 128 + (b & 0x7f);
    if (b < 0x80) return { value, next: at + k + 1 };
  }
  return { value, next: at + 9 };
}
