/**
 * The release, built once per test run and shared by every release and installer test: the
 * cross-compile of all targets takes about a minute. A release already built from the same
 * inputs (sources, build scripts, installers, lockfile, HEAD's time) is reused as it is.
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { parseSums } from "../../build/checksums.ts";
import { sourceDateEpoch } from "../../build/release.ts";
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

/**
 * One folder per set of inputs, never changed once renamed into place: a test run that started
 * on an older release keeps reading it while another run (another developer's, on the same
 * checkout) builds the new one beside it.
 */
const cacheRoot = join(repoRoot, "dist", "test-release");

let pending: Promise<ReleaseFixture> | undefined;

export function releaseFixture(): Promise<ReleaseFixture> {
  pending ??= build();
  return pending;
}

async function build(): Promise<ReleaseFixture> {
  const distDir = join(cacheRoot, inputsHash().slice(0, 16));
  const log: string[] = [];
  if (!existsSync(join(distDir, "release", "SHA256SUMS"))) {
    const staging = `${distDir}.tmp-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    // The command CI and release managers run, as they run it.
    const proc = Bun.spawn([process.execPath, "run", "build:release", "--dist", staging], { cwd: repoRoot, stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    if (code !== 0) throw new Error(`bun run build:release exited ${code}:\n${stderr}`);
    log.push(...stdout.split("\n").filter((line) => line && !line.startsWith("|") && !line.startsWith("$")));
    try {
      renameSync(staging, distDir);
    } catch {
      // Another run finished the same build first; its copy is identical.
      rmSync(staging, { recursive: true, force: true });
    }
    prune(distDir);
  }
  const releaseDir = join(distDir, "release");
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

/**
 * Drops releases of other inputs (1.6 GB each) once no test run can still be reading them: a
 * whole suite takes a few minutes, so 15 minutes after they were made.
 */
function prune(keep: string): void {
  for (const entry of readdirSync(cacheRoot)) {
    const dir = join(cacheRoot, entry);
    if (dir !== keep && Date.now() - statSync(dir).mtimeMs > 15 * 60_000) rmSync(dir, { recursive: true, force: true });
  }
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
