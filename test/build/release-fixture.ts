/**
 * The release, built once per test run and shared by every release and installer test: the
 * cross-compile of all targets takes about a minute. A release already in dist/ from the same
 * inputs (sources, build scripts, installers, lockfile) is reused as it is.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { parseSums } from "../../build/checksums.ts";
import { buildRelease, sourceDateEpoch } from "../../build/release.ts";
import { repoRoot } from "../helpers/temp.ts";

export interface ReleaseFixture {
  version: string;
  distDir: string;
  releaseDir: string;
  binDir: string;
  npmDir: string;
  sums: Map<string, string>;
  /** Lines the build logged (per-target times, smoke runs); empty when a previous build was reused. */
  log: string[];
}

const distDir = join(repoRoot, "dist");
const releaseDir = join(distDir, "release");
const stampFile = join(distDir, "bin", ".release-inputs");

let pending: Promise<ReleaseFixture> | undefined;

export function releaseFixture(): Promise<ReleaseFixture> {
  pending ??= build();
  return pending;
}

async function build(): Promise<ReleaseFixture> {
  const inputs = inputsHash();
  const log: string[] = [];
  const fresh = existsSync(stampFile) && readFileSync(stampFile, "utf8") === inputs && existsSync(join(releaseDir, "SHA256SUMS"));
  if (!fresh) {
    await buildRelease({ distDir, log: (line) => log.push(line) });
    writeFileSync(stampFile, inputs);
  }
  return {
    version: pkg.version,
    distDir,
    releaseDir,
    binDir: join(distDir, "bin"),
    npmDir: join(distDir, "npm"),
    sums: parseSums(readFileSync(join(releaseDir, "SHA256SUMS"), "utf8")),
    log,
  };
}

function inputsHash(): string {
  const hasher = new Bun.CryptoHasher("sha256");
  // Archive timestamps come from the HEAD commit, so a new commit means new archive bytes.
  hasher.update(`${Bun.version} ${sourceDateEpoch()}`);
  for (const dir of ["src", "build", "installers"]) {
    const files = readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files) hasher.update(file).update(readFileSync(file));
  }
  for (const file of ["package.json", "bun.lock", "LICENSE"]) hasher.update(readFileSync(join(repoRoot, file)));
  return hasher.digest("hex");
}

/** Generous: a cold machine also downloads seven Bun runtimes from the npm registry first. */
export const RELEASE_TIMEOUT_MS = 900_000;
