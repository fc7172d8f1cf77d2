import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileBinary } from "../../build/build.ts";
import { CS_ADHOC, CSMAGIC_REQUIREMENTS, verifySignature } from "../../build/macho.ts";
import { adhocSign } from "../../build/macho-sign.ts";
import { archiveName, archiveRoot, findTarget } from "../../build/targets.ts";
import { tempDir } from "../helpers/temp.ts";
import { RELEASE_TIMEOUT_MS, releaseFixture, type ReleaseFixture } from "./release-fixture.ts";

let release: ReleaseFixture;
let rawX64: Uint8Array;

beforeAll(async () => {
  release = await releaseFixture();
  // What `bun build --compile --target=bun-darwin-x64` leaves, before the release fixes it.
  const dir = join(tempDir(), "darwin-x64");
  mkdirSync(dir);
  await compileBinary(join(dir, "ctxmode"), "bun-darwin-x64");
  rawX64 = new Uint8Array(readFileSync(join(dir, "ctxmode")));
}, RELEASE_TIMEOUT_MS);

function fromArchive(target: string): Uint8Array {
  const t = findTarget(target);
  const dir = tempDir();
  const r = Bun.spawnSync(["tar", "-xzf", join(release.releaseDir, archiveName(t)), "-C", dir]);
  expect(r.exitCode).toBe(0);
  return new Uint8Array(readFileSync(join(dir, archiveRoot(t), "ctxmode")));
}

describe("macOS code signatures", () => {
  test("bun 1.4.4 leaves darwin-x64 with a signature macOS would reject", () => {
    const report = verifySignature(rawX64);
    expect(report.valid).toBe(false);
    expect(report.problems.join("; ")).toMatch(/page hashes do not match|code limit/);
  });

  test("ad hoc signing makes it verify, and is deterministic", () => {
    const signed = adhocSign(rawX64, "ctxmode");
    const report = verifySignature(signed);
    expect(report.problems).toEqual([]);
    expect(report.codeDirectory).toMatchObject({ identifier: "ctxmode", hashType: 2, pageSize: 12, nSpecialSlots: 2 });
    expect(report.codeDirectory!.flags & CS_ADHOC).toBe(CS_ADHOC);
    // codesign's layout: CodeDirectory, empty requirements, empty CMS wrapper.
    expect(report.blobTypes).toEqual([0, 2, 0x10000]);
    expect(Buffer.compare(adhocSign(rawX64, "ctxmode"), signed)).toBe(0);
    expect(Buffer.compare(adhocSign(signed, "ctxmode"), signed)).toBe(0);
  });

  test("a changed byte anywhere before the signature is caught", () => {
    const signed = adhocSign(rawX64, "ctxmode");
    const { codeLimit, nCodeSlots } = verifySignature(signed).codeDirectory!;
    for (const at of [100, Math.floor(codeLimit / 2), codeLimit - 1]) {
      const tampered = signed.slice();
      tampered[at] = tampered[at]! ^ 0xff;
      expect(verifySignature(tampered).problems).toContain(`1 of ${nCodeSlots} page hashes do not match`);
    }
  });

  test("a changed requirements blob is caught through its special slot", () => {
    const signed = adhocSign(rawX64, "ctxmode");
    const dv = new DataView(signed.buffer, signed.byteOffset);
    // The requirements blob sits near the end of the signature; its last 4 bytes are the (zero) count.
    let at = signed.length - 12;
    while (dv.getUint32(at, false) !== CSMAGIC_REQUIREMENTS) at--;
    signed[at + 11] = 1;
    expect(verifySignature(signed).problems).toContain("special slot 2 hash does not match");
  });

  for (const target of ["darwin-x64", "darwin-arm64"]) {
    test(`the released ${target} archive holds a binary whose signature verifies`, () => {
      expect(verifySignature(fromArchive(target)).problems).toEqual([]);
    });
  }

  test("NOTES.md says loudly that the macOS binaries are ad hoc signed, not notarized", () => {
    const notes = readFileSync(join(release.releaseDir, "NOTES.md"), "utf8");
    expect(notes).toContain("ad hoc signed only: no Developer ID signature and no notarization");
    expect(notes).toMatch(/- darwin-x64: re-signed/);
    expect(notes).toMatch(/- darwin-arm64: (kept|re-signed)/);
  });
});
