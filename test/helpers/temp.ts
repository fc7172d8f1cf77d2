import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "bun:test";

/** A temp directory removed after the file's tests. */
export function tempDir(prefix = "ctxmode-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const repoRoot = join(import.meta.dir, "..", "..");
export const fixturesDir = join(repoRoot, "bench", "fixtures");
