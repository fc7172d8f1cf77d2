/**
 * Deterministic archives: the same inputs give the same bytes, whatever the machine, umask,
 * user or clock. Entries keep the given order, every timestamp is `mtime`, owners are 0/root.
 */
import { writeFileSync } from "node:fs";

export interface ArchiveEntry {
  /** Path inside the archive, `/`-separated; a directory ends with `/`. */
  name: string;
  /** File contents; omitted for a directory. */
  data?: Uint8Array<ArrayBuffer>;
  /** Unix permission bits, e.g. 0o755. */
  mode: number;
}

const encoder = new TextEncoder();

/** A POSIX ustar stream (no compression), ended by two zero blocks. */
export function tarBytes(entries: readonly ArchiveEntry[], mtime: number): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const size = entry.data?.length ?? 0;
    parts.push(tarHeader(entry, size, mtime));
    if (entry.data) {
      parts.push(entry.data);
      const pad = (512 - (size % 512)) % 512;
      if (pad) parts.push(new Uint8Array(pad));
    }
  }
  parts.push(new Uint8Array(1024));
  return concat(parts);
}

function tarHeader(entry: ArchiveEntry, size: number, mtime: number): Uint8Array {
  const h = new Uint8Array(512);
  const name = encoder.encode(entry.name);
  if (name.length > 100) throw new Error(`tar entry name over 100 bytes: ${entry.name}`);
  h.set(name, 0);
  octal(h, 100, 8, entry.mode);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, size);
  octal(h, 136, 12, mtime);
  h.fill(0x20, 148, 156); // the checksum is computed with its own field as spaces
  h[156] = entry.data ? 0x30 : 0x35; // '0' file, '5' directory
  h.set(encoder.encode("ustar\u000000"), 257);
  h.set(encoder.encode("root"), 265);
  h.set(encoder.encode("root"), 297);
  const sum = h.reduce((a, b) => a + b, 0);
  h.set(encoder.encode(`${sum.toString(8).padStart(6, "0")}\u0000 `), 148);
  return h;
}

function octal(buf: Uint8Array, offset: number, width: number, value: number): void {
  buf.set(encoder.encode(`${value.toString(8).padStart(width - 1, "0")}\u0000`), offset);
}

/** gzip at level 9; Bun's gzip header carries mtime 0 and a fixed OS byte, so output is stable. */
export function writeTarGz(path: string, entries: readonly ArchiveEntry[], mtime: number): void {
  writeFileSync(path, Bun.gzipSync(tarBytes(entries, mtime), { level: 9 }));
}

export function writeTar(path: string, entries: readonly ArchiveEntry[], mtime: number): void {
  writeFileSync(path, tarBytes(entries, mtime));
}

/**
 * A zip (no zip64: every entry and the whole archive stay under 4 GiB). `deflate: false` stores
 * entries as they are, for contents that are compressed already.
 */
export function zipBytes(entries: readonly ArchiveEntry[], mtime: number, options: { deflate?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const deflate = options.deflate ?? true;
  const { time, date } = dosTime(mtime);
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const raw = entry.data ?? new Uint8Array(0);
    const stored = raw.length === 0 || !deflate;
    const body = stored ? raw : Bun.deflateSync(raw, { level: 9 });
    const crc = Bun.hash.crc32(raw) >>> 0;
    const method = stored ? 0 : 8;

    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // names are UTF-8
    local.setUint16(8, method, true);
    local.setUint16(10, time, true);
    local.setUint16(12, date, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, body.length, true);
    local.setUint32(22, raw.length, true);
    local.setUint16(26, name.length, true);
    locals.push(new Uint8Array(local.buffer), name, body);

    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, (3 << 8) | 20, true); // made by Unix, so the external attributes carry the mode
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, method, true);
    central.setUint16(12, time, true);
    central.setUint16(14, date, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, body.length, true);
    central.setUint32(24, raw.length, true);
    central.setUint16(28, name.length, true);
    const unixMode = (entry.data ? 0o100000 : 0o040000) | entry.mode;
    central.setUint32(38, ((unixMode << 16) | (entry.data ? 0 : 0x10)) >>> 0, true);
    central.setUint32(42, offset, true);
    centrals.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + body.length;
  }
  const cd = concat(centrals);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cd.length, true);
  end.setUint32(16, offset, true);
  return concat([...locals, cd, new Uint8Array(end.buffer)]);
}

export function writeZip(path: string, entries: readonly ArchiveEntry[], mtime: number, options: { deflate?: boolean } = {}): void {
  writeFileSync(path, zipBytes(entries, mtime, options));
}

/** MS-DOS date/time in UTC; the format starts at 1980, so earlier times clamp to it. */
function dosTime(mtime: number): { time: number; date: number } {
  const d = new Date(Math.max(mtime, 315_532_800) * 1000);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
