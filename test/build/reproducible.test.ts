import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256File } from "../../build/checksums.ts";
import { buildTarget, sourceDateEpoch } from "../../build/release.ts";
import { archiveName, findTarget } from "../../build/targets.ts";
import { RELEASE_TIMEOUT_MS, releaseFixture, type ReleaseFixture } from "./release-fixture.ts";

let release: ReleaseFixture;
let work: string;

beforeAll(async () => {
  release = await releaseFixture();
  work = mkdtempSync(join(tmpdir(), "ctxmode-rebuild-"));
}, RELEASE_TIMEOUT_MS);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

// One of each kind: a native tar.gz, a darwin binary that gets re-signed, a Windows zip.
for (const name of ["linux-x64", "darwin-x64", "windows-x64"]) {
  test(`building ${name} again elsewhere gives the archive SHA256SUMS lists, byte for byte`, async () => {
    const t = findTarget(name);
    const out = join(work, name);
    mkdirSync(out);
    const again = await buildTarget(t, join(work, "bin"), out, sourceDateEpoch());
    expect(sha256File(again.archive)).toBe(release.sums.get(archiveName(t))!);
  }, 120_000);
}
