/**
 * `bun run build:release [--targets a,b] [--dist DIR]`: cross-compiles every target from this
 * machine and writes the release (into DIR instead of dist/ when given).
 *
 *   dist/bin/<target>/ctxmode[.exe]   compiled binaries (fixed basename: builds are reproducible)
 *   dist/release/                     archives, install.sh, install.ps1, OFFLINE.md, NOTES.md,
 *                                     SHA256SUMS, SIZES.md; homebrew/, winget/ and offline/ beside
 *   dist/release/plugins/<host>/      ctxmode for each host's own plugin manager (build/host-plugins.ts)
 *   dist/npm/                         the ctxmode wrapper and one package per target
 */
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { writeTarGz, writeZip, type ArchiveEntry } from "./archive.ts";
import { buildNodeBundle, compileBinary } from "./build.ts";
import { formatSums, parseSums } from "./checksums.ts";
import { ensureAdhocSignature, type DarwinSigning } from "./macho-sign.ts";
import { writeHostPackages } from "./host-plugins.ts";
import { writeNpmPackages } from "./npm.ts";
import { writeOfflineBundle } from "./offline.ts";
import { renderManifests, renderOfflineGuide } from "./render.ts";
import { checkBinaryFits, launcherFor, smokeRun, type SmokeResult } from "./smoke.ts";
import { TARGETS, archiveName, archiveRoot, exeName, findTarget, hostTarget, type Target } from "./targets.ts";

const root = join(import.meta.dir, "..");
export const CHANNEL = "release";

export interface TargetBuild {
  target: Target;
  binary: string;
  archive: string;
  signing?: DarwinSigning;
}

export interface ReleaseResult {
  version: string;
  releaseDir: string;
  builds: TargetBuild[];
  smoke: SmokeResult[];
  /** Targets whose binaries this machine cannot start: checked for format, CPU and loader only. */
  notRun: string[];
}

/**
 * Archive timestamps: SOURCE_DATE_EPOCH when set, else the HEAD commit's time, so two builds of
 * one commit produce the same bytes.
 */
export function sourceDateEpoch(): number {
  const fromEnv = Number(process.env.SOURCE_DATE_EPOCH);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  const git = Bun.spawnSync(["git", "log", "-1", "--format=%ct"], { cwd: root, stdout: "pipe", stderr: "ignore" });
  const t = Number(git.stdout.toString().trim());
  return git.exitCode === 0 && Number.isInteger(t) && t > 0 ? t : 315_532_800;
}

/** Compiles one target into `binDir/<target>/`, fixes its macOS signature, and archives it into `releaseDir`. */
export async function buildTarget(t: Target, binDir: string, releaseDir: string, mtime: number): Promise<TargetBuild> {
  const dir = join(binDir, t.name);
  rmSync(dir, { recursive: true, force: true });
  const binary = join(dir, exeName(t));
  await compileBinary(binary, t.bunTarget, { channel: CHANNEL });
  checkBinaryFits(binary, t);
  const signing = t.os === "darwin" ? ensureAdhocSignature(binary) : undefined;
  const folder = `${archiveRoot(t)}/`;
  const entries: ArchiveEntry[] = [
    { name: folder, mode: 0o755 },
    { name: folder + exeName(t), mode: 0o755, data: new Uint8Array(readFileSync(binary)) },
    { name: `${folder}LICENSE`, mode: 0o644, data: new Uint8Array(readFileSync(join(root, "LICENSE"))) },
  ];
  const archive = join(releaseDir, archiveName(t));
  if (t.os === "windows") writeZip(archive, entries, mtime);
  else writeTarGz(archive, entries, mtime);
  return { target: t, binary, archive, ...(signing ? { signing } : {}) };
}

export async function buildRelease(options: { distDir?: string; targets?: readonly Target[]; log?: (line: string) => void } = {}): Promise<ReleaseResult> {
  const dist = options.distDir ?? join(root, "dist");
  const targets = options.targets ?? TARGETS;
  const log = options.log ?? (() => {});
  const releaseDir = join(dist, "release");
  const binDir = join(dist, "bin");
  const mtime = sourceDateEpoch();
  rmSync(releaseDir, { recursive: true, force: true });
  mkdirSync(releaseDir, { recursive: true });

  const builds: TargetBuild[] = [];
  for (const t of targets) {
    const started = performance.now();
    builds.push(await buildTarget(t, binDir, releaseDir, mtime));
    const signing = builds.at(-1)!.signing;
    log(`${t.name}: ${Math.round(performance.now() - started)} ms${signing ? ` (signature ${signing.status})` : ""}`);
  }

  copyFileSync(join(root, "installers", "install.sh"), join(releaseDir, "install.sh"));
  chmodSync(join(releaseDir, "install.sh"), 0o755);
  copyFileSync(join(root, "installers", "install.ps1"), join(releaseDir, "install.ps1"));
  writeFileSync(join(releaseDir, "OFFLINE.md"), renderOfflineGuide(pkg.version));
  writeFileSync(join(releaseDir, "NOTES.md"), releaseNotes(pkg.version, builds));
  // What `ctxmode doctor` reads to tell a user a newer release is out (a few bytes, not an archive).
  writeFileSync(join(releaseDir, "VERSION"), `${pkg.version}\n`);
  const assets = [...builds.map((b) => b.archive), ...["install.sh", "install.ps1", "OFFLINE.md", "NOTES.md", "VERSION"].map((f) => join(releaseDir, f))];
  const sumsText = formatSums(assets);
  writeFileSync(join(releaseDir, "SHA256SUMS"), sumsText);
  const sums = parseSums(sumsText);

  if (TARGETS.every((t) => sums.has(archiveName(t)))) renderManifests(releaseDir, pkg.version, sums);
  else log("homebrew/winget: skipped (not every target was built)");
  for (const b of builds) writeOfflineBundle(b.target, releaseDir, join(releaseDir, "offline"), mtime);
  // One folder per host, installable with the host's own plugin command (build/host-plugins.ts).
  writeHostPackages(join(releaseDir, "plugins"), pkg.version);

  const nodeDir = join(binDir, "node");
  await buildNodeBundle(nodeDir, { channel: "npm" });
  writeNpmPackages(
    builds.map((b) => ({ target: b.target, file: b.binary })),
    nodeDir,
    join(dist, "npm"),
  );

  const host = hostTarget();
  const smoke: SmokeResult[] = [];
  const notRun: string[] = [];
  for (const b of builds) {
    const launcher = launcherFor(b.target, host, checkBinaryFits(b.binary, b.target));
    if (launcher) smoke.push(smokeRun(b.binary, b.target, launcher, pkg.version));
    else notRun.push(b.target.name);
  }
  for (const s of smoke) log(`smoke ${s.target} (${s.how}): ${s.version}, ${s.sqlite}, FTS5 trigram PASS`);
  if (notRun.length) log(`not started here (format, CPU and loader checked): ${notRun.join(", ")}`);

  const sizes = sizeTable(builds);
  writeFileSync(join(releaseDir, "SIZES.md"), sizes);
  return { version: pkg.version, releaseDir, builds, smoke, notRun };
}

function releaseNotes(version: string, builds: readonly TargetBuild[]): string {
  const darwin = builds.filter((b) => b.signing);
  const lines = [
    `# ctxmode ${version}: release notes for packagers`,
    "",
    "## macOS signatures",
    "",
    "The darwin binaries are ad hoc signed only: no Developer ID signature and no notarization.",
    "macOS runs them from a terminal (curl | sh, Homebrew, npm do not set the quarantine flag);",
    "a copy downloaded with a browser needs `xattr -d com.apple.quarantine ctxmode` first.",
    "Signatures were checked on Linux by build/macho.ts (page hashes, special slots, layout),",
    "not by Apple's `codesign --verify`.",
    "",
    ...darwin.map((b) => `- ${b.target.name}: ${b.signing!.status} (${b.signing!.detail})`),
    "",
    "## Checksums",
    "",
    "SHA256SUMS lists every release file but itself and the offline bundles (each bundle holds",
    "files that SHA256SUMS lists, plus SHA256SUMS itself). SHA256SUMS is not signed.",
    "",
  ];
  return lines.join("\n");
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The README's size table: archive and unpacked binary per target. */
export function sizeTable(builds: readonly TargetBuild[]): string {
  const rows = builds.map((b) => `| ${b.target.name} | \`${archiveName(b.target)}\` | ${mib(statSync(b.archive).size)} | ${mib(statSync(b.binary).size)} |`);
  return ["| target | archive | archive size | binary size |", "|---|---|---|---|", ...rows, ""].join("\n");
}

if (import.meta.main) {
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const targets = option("--targets")?.split(",").map(findTarget) ?? TARGETS;
  const distDir = option("--dist");
  const started = performance.now();
  const result = await buildRelease({ targets, ...(distDir ? { distDir } : {}), log: (line) => console.log(line) });
  console.log(`\n${readFileSync(join(result.releaseDir, "SIZES.md"), "utf8")}`);
  console.log(
    `built ${result.builds.length} targets into ${distDir ?? "dist"}/release and ${distDir ?? "dist"}/npm in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}
