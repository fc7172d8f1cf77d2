/**
 * Reads a thin 64-bit Mach-O and checks its code signature the way the macOS kernel does for an
 * ad hoc signed executable: every page hash of the CodeDirectory over the file up to the
 * signature, the special-slot hashes of the blobs beside it, and the layout around __LINKEDIT.
 * Cross-compiled darwin binaries cannot be checked with Apple's `codesign` on Linux, so the
 * release runs this on both before it archives them.
 */
import { createHash } from "node:crypto";

export const LC_SEGMENT_64 = 0x19;
export const LC_CODE_SIGNATURE = 0x1d;
export const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
export const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
export const CSMAGIC_REQUIREMENTS = 0xfade0c01;
export const CSMAGIC_BLOBWRAPPER = 0xfade0b01;
export const CS_ADHOC = 0x2;
export const CS_LINKER_SIGNED = 0x20000;
const CPU_TYPE_X86_64 = 0x01000007;
const CPU_TYPE_ARM64 = 0x0100000c;

export interface Segment {
  name: string;
  /** Offset of the LC_SEGMENT_64 command in the file. */
  cmdOffset: number;
  vmaddr: bigint;
  vmsize: bigint;
  fileoff: number;
  filesize: number;
}

export interface MachO {
  arch: "x64" | "arm64";
  segments: Segment[];
  /** The LC_CODE_SIGNATURE command, if any. */
  signature?: { cmdOffset: number; dataoff: number; datasize: number };
}

export function parseMachO(file: Uint8Array): MachO {
  const dv = view(file);
  if (file.length < 32 || dv.getUint32(0, true) !== 0xfeedfacf) throw new Error("not a thin 64-bit little-endian Mach-O");
  const cpu = dv.getUint32(4, true);
  if (cpu !== CPU_TYPE_X86_64 && cpu !== CPU_TYPE_ARM64) throw new Error(`unexpected Mach-O cpu type 0x${cpu.toString(16)}`);
  const ncmds = dv.getUint32(16, true);
  const out: MachO = { arch: cpu === CPU_TYPE_ARM64 ? "arm64" : "x64", segments: [] };
  let at = 32;
  for (let i = 0; i < ncmds; i++) {
    const cmd = dv.getUint32(at, true);
    const size = dv.getUint32(at + 4, true);
    if (cmd === LC_SEGMENT_64) {
      out.segments.push({
        name: cString(file, at + 8, 16),
        cmdOffset: at,
        vmaddr: dv.getBigUint64(at + 24, true),
        vmsize: dv.getBigUint64(at + 32, true),
        fileoff: Number(dv.getBigUint64(at + 40, true)),
        filesize: Number(dv.getBigUint64(at + 48, true)),
      });
    } else if (cmd === LC_CODE_SIGNATURE) {
      out.signature = { cmdOffset: at, dataoff: dv.getUint32(at + 8, true), datasize: dv.getUint32(at + 12, true) };
    }
    at += size;
  }
  return out;
}

export interface CodeDirectory {
  version: number;
  flags: number;
  identifier: string;
  nSpecialSlots: number;
  nCodeSlots: number;
  codeLimit: number;
  hashType: number;
  pageSize: number;
}

export interface SignatureReport {
  valid: boolean;
  problems: string[];
  codeDirectory?: CodeDirectory;
  /** Blob types present in the superblob (0 CodeDirectory, 2 requirements, 0x10000 CMS …). */
  blobTypes: number[];
}

/** Checks the embedded signature; `valid` is false with a reason per problem found. */
export function verifySignature(file: Uint8Array): SignatureReport {
  const problems: string[] = [];
  const macho = parseMachO(file);
  const sig = macho.signature;
  if (!sig) return { valid: false, problems: ["no LC_CODE_SIGNATURE"], blobTypes: [] };
  const linkedit = macho.segments.find((s) => s.name === "__LINKEDIT");
  const text = macho.segments.find((s) => s.name === "__TEXT");
  if (sig.dataoff + sig.datasize > file.length) problems.push("signature runs past the end of the file");
  if (!linkedit || sig.dataoff < linkedit.fileoff || sig.dataoff + sig.datasize > linkedit.fileoff + linkedit.filesize) {
    problems.push("signature is not inside __LINKEDIT");
  }
  if (linkedit && linkedit.fileoff + linkedit.filesize !== file.length) problems.push("__LINKEDIT does not end at the end of the file");
  if (linkedit && BigInt(linkedit.filesize) > linkedit.vmsize) problems.push("__LINKEDIT file size exceeds its vm size");
  if (problems.length) return { valid: false, problems, blobTypes: [] };

  const dv = view(file);
  const base = sig.dataoff;
  if (dv.getUint32(base, false) !== CSMAGIC_EMBEDDED_SIGNATURE) return { valid: false, problems: ["no embedded signature superblob"], blobTypes: [] };
  const count = dv.getUint32(base + 8, false);
  const blobs = new Map<number, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const type = dv.getUint32(base + 12 + i * 8, false);
    const offset = base + dv.getUint32(base + 16 + i * 8, false);
    const length = dv.getUint32(offset + 4, false);
    if (offset + length > base + sig.datasize) problems.push(`blob 0x${type.toString(16)} runs past the signature`);
    else blobs.set(type, file.subarray(offset, offset + length));
  }
  const cdBlob = blobs.get(0);
  if (!cdBlob || view(cdBlob).getUint32(0, false) !== CSMAGIC_CODEDIRECTORY) {
    return { valid: false, problems: [...problems, "no CodeDirectory"], blobTypes: [...blobs.keys()] };
  }
  const cd = readCodeDirectory(cdBlob);
  const cdv = view(cdBlob);
  const hashOffset = cdv.getUint32(16, false);
  const hashSize = cdBlob[36]!;
  const algorithm = cd.hashType === 2 ? "sha256" : cd.hashType === 1 ? "sha1" : undefined;
  if (!algorithm) problems.push(`unsupported hash type ${cd.hashType}`);
  if (cd.codeLimit !== sig.dataoff) problems.push(`code limit ${cd.codeLimit} is not the signature offset ${sig.dataoff}`);
  const page = 2 ** cd.pageSize;
  if (cd.nCodeSlots !== Math.ceil(cd.codeLimit / page)) problems.push(`${cd.nCodeSlots} code slots for a code limit of ${cd.codeLimit}`);
  if (algorithm && hashOffset + cd.nCodeSlots * hashSize <= cdBlob.length) {
    let bad = 0;
    for (let i = 0; i < cd.nCodeSlots; i++) {
      const got = digest(algorithm, file.subarray(i * page, Math.min((i + 1) * page, cd.codeLimit)), hashSize);
      if (!equal(got, cdBlob.subarray(hashOffset + i * hashSize, hashOffset + (i + 1) * hashSize))) bad++;
    }
    if (bad) problems.push(`${bad} of ${cd.nCodeSlots} page hashes do not match`);
    for (let slot = 1; slot <= cd.nSpecialSlots; slot++) {
      const stored = cdBlob.subarray(hashOffset - slot * hashSize, hashOffset - (slot - 1) * hashSize);
      const blob = blobs.get(slot);
      const want = blob ? digest(algorithm, blob, hashSize) : new Uint8Array(hashSize);
      if (!equal(stored, want)) problems.push(`special slot ${slot} hash does not match`);
    }
  } else if (algorithm) {
    problems.push("CodeDirectory hash table runs past its blob");
  }
  if (cd.version >= 0x20400 && text) {
    const execBase = Number(cdv.getBigUint64(64, false));
    const execLimit = Number(cdv.getBigUint64(72, false));
    if (execBase !== text.fileoff || execLimit !== text.filesize) problems.push("executable segment range is not __TEXT");
  }
  return { valid: problems.length === 0, problems, codeDirectory: cd, blobTypes: [...blobs.keys()] };
}

export function readCodeDirectory(blob: Uint8Array): CodeDirectory {
  const dv = view(blob);
  const identOffset = dv.getUint32(20, false);
  return {
    version: dv.getUint32(8, false),
    flags: dv.getUint32(12, false),
    identifier: cString(blob, identOffset, blob.length - identOffset),
    nSpecialSlots: dv.getUint32(24, false),
    nCodeSlots: dv.getUint32(28, false),
    codeLimit: dv.getUint32(32, false),
    hashType: blob[37]!,
    pageSize: blob[39]!,
  };
}

function digest(algorithm: "sha256" | "sha1", data: Uint8Array, size: number): Uint8Array {
  return createHash(algorithm).update(data).digest().subarray(0, size);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function cString(bytes: Uint8Array, offset: number, max: number): string {
  let end = offset;
  while (end < offset + max && bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(offset, end));
}
