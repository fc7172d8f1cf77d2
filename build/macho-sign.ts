/**
 * Ad hoc code signing of a thin 64-bit Mach-O, on any OS. It writes what `codesign --force
 * --sign - <file>` writes for a bare executable: a SHA-256 CodeDirectory over 4 KiB pages up to
 * the signature, an empty requirements set and an empty CMS wrapper. Needed because Bun 1.4.4
 * cross-compiles darwin-x64 with the runtime's original signature left in place, whose page
 * hashes no longer match once the app is appended (arm64 output is re-signed by Bun itself).
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import {
  CS_ADHOC,
  CSMAGIC_BLOBWRAPPER,
  CSMAGIC_CODEDIRECTORY,
  CSMAGIC_EMBEDDED_SIGNATURE,
  CSMAGIC_REQUIREMENTS,
  parseMachO,
  verifySignature,
  view,
} from "./macho.ts";

const PAGE_SHIFT = 12;
const PAGE = 1 << PAGE_SHIFT;
const HASH_SIZE = 32;
const CD_VERSION = 0x20400; // carries the executable-segment fields
const CD_HEADER = 88; // CodeDirectory header size at version 0x20400
const SPECIAL_SLOTS = 2; // slot 1 Info.plist (none), slot 2 requirements
const CS_EXECSEG_MAIN_BINARY = 0x1;
const CSSLOT_REQUIREMENTS = 2;
const CSSLOT_SIGNATURESLOT = 0x10000;

/** Returns a copy of `file` carrying a fresh ad hoc signature with this identifier. */
export function adhocSign(file: Uint8Array, identifier: string): Uint8Array {
  const macho = parseMachO(file);
  const sig = macho.signature;
  const linkedit = macho.segments.find((s) => s.name === "__LINKEDIT");
  const text = macho.segments.find((s) => s.name === "__TEXT");
  // Bun's output always has the command and __LINKEDIT last; adding a load command is not needed.
  if (!sig || !linkedit || !text) throw new Error("Mach-O without LC_CODE_SIGNATURE, __TEXT or __LINKEDIT");
  if (sig.dataoff < linkedit.fileoff) throw new Error("signature offset is before __LINKEDIT");
  const codeLimit = sig.dataoff;
  const nCodeSlots = Math.ceil(codeLimit / PAGE);

  const requirements = new Uint8Array(12);
  view(requirements).setUint32(0, CSMAGIC_REQUIREMENTS, false);
  view(requirements).setUint32(4, 12, false);
  const cms = new Uint8Array(8);
  view(cms).setUint32(0, CSMAGIC_BLOBWRAPPER, false);
  view(cms).setUint32(4, 8, false);

  const ident = new TextEncoder().encode(`${identifier}\u0000`);
  const hashOffset = CD_HEADER + ident.length + SPECIAL_SLOTS * HASH_SIZE;
  const cdLength = hashOffset + nCodeSlots * HASH_SIZE;
  const superHeader = 12 + 3 * 8;
  const superLength = superHeader + cdLength + requirements.length + cms.length;
  const datasize = Math.ceil(superLength / 16) * 16;

  const out = new Uint8Array(codeLimit + datasize);
  out.set(file.subarray(0, codeLimit));
  const dv = view(out);
  dv.setUint32(sig.cmdOffset + 12, datasize, true);
  const linkeditSize = codeLimit + datasize - linkedit.fileoff;
  const segAlign = BigInt(macho.arch === "arm64" ? 0x4000 : 0x1000);
  const neededVm = ((BigInt(linkeditSize) + segAlign - 1n) / segAlign) * segAlign;
  dv.setBigUint64(linkedit.cmdOffset + 48, BigInt(linkeditSize), true);
  if (neededVm > linkedit.vmsize) dv.setBigUint64(linkedit.cmdOffset + 32, neededVm, true);

  const cd = new Uint8Array(cdLength);
  const c = view(cd);
  c.setUint32(0, CSMAGIC_CODEDIRECTORY, false);
  c.setUint32(4, cdLength, false);
  c.setUint32(8, CD_VERSION, false);
  c.setUint32(12, CS_ADHOC, false);
  c.setUint32(16, hashOffset, false);
  c.setUint32(20, CD_HEADER, false);
  c.setUint32(24, SPECIAL_SLOTS, false);
  c.setUint32(28, nCodeSlots, false);
  c.setUint32(32, codeLimit, false);
  cd[36] = HASH_SIZE;
  cd[37] = 2; // SHA-256
  cd[38] = 0; // platform
  cd[39] = PAGE_SHIFT;
  // 40 spare2, 44 scatterOffset, 48 teamOffset, 52 spare3, 56 codeLimit64: all zero
  c.setBigUint64(64, BigInt(text.fileoff), false);
  c.setBigUint64(72, BigInt(text.filesize), false);
  c.setBigUint64(80, BigInt(CS_EXECSEG_MAIN_BINARY), false);
  cd.set(ident, CD_HEADER);
  cd.set(sha256(requirements), hashOffset - CSSLOT_REQUIREMENTS * HASH_SIZE);
  for (let i = 0; i < nCodeSlots; i++) {
    cd.set(sha256(out.subarray(i * PAGE, Math.min((i + 1) * PAGE, codeLimit))), hashOffset + i * HASH_SIZE);
  }

  const s = codeLimit;
  dv.setUint32(s, CSMAGIC_EMBEDDED_SIGNATURE, false);
  dv.setUint32(s + 4, superLength, false);
  dv.setUint32(s + 8, 3, false);
  const blobs: [number, Uint8Array][] = [
    [0, cd],
    [CSSLOT_REQUIREMENTS, requirements],
    [CSSLOT_SIGNATURESLOT, cms],
  ];
  let offset = superHeader;
  blobs.forEach(([type, blob], i) => {
    dv.setUint32(s + 12 + i * 8, type, false);
    dv.setUint32(s + 16 + i * 8, offset, false);
    out.set(blob, s + offset);
    offset += blob.length;
  });
  return out;
}

function sha256(data: Uint8Array): Uint8Array {
  return createHash("sha256").update(data).digest();
}

export interface DarwinSigning {
  /** `kept`: the signature Bun wrote verifies; `re-signed`: it did not, and adhocSign replaced it. */
  status: "kept" | "re-signed";
  detail: string;
}

/**
 * Leaves a valid signature alone (Bun's own arm64 signing is the one macOS users already run),
 * re-signs an invalid one, and throws unless the file ends up verifying: a darwin binary whose
 * signature fails is killed by macOS at launch, so it must never reach an archive.
 */
export function ensureAdhocSignature(path: string, identifier = "ctxmode"): DarwinSigning {
  const bytes = new Uint8Array(readFileSync(path));
  const before = verifySignature(bytes);
  if (before.valid) {
    return {
      status: "kept",
      detail: `signature from bun build verifies (${before.codeDirectory!.nCodeSlots} page hashes, identifier ${before.codeDirectory!.identifier})`,
    };
  }
  const signed = adhocSign(bytes, identifier);
  const after = verifySignature(signed);
  if (!after.valid) throw new Error(`${path}: ad hoc re-signing did not verify: ${after.problems.join("; ")}`);
  writeFileSync(path, signed);
  return {
    status: "re-signed",
    detail: `bun build left an invalid signature (${before.problems.join("; ")}); re-signed ad hoc, ${after.codeDirectory!.nCodeSlots} page hashes verify`,
  };
}
