/**
 * One offline bundle per target: the archive, SHA256SUMS, the installer for that OS and
 * OFFLINE.md in one folder, packed as a .tar (Linux, macOS) or .zip (Windows). Every file in it is
 * listed in the bundled SHA256SUMS, which is the release's own file byte for byte.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeTar, writeZip, type ArchiveEntry } from "./archive.ts";
import { archiveName, type Target } from "./targets.ts";

export function offlineBundleName(t: Target): string {
  return `ctxmode-${t.name}-offline.${t.os === "windows" ? "zip" : "tar"}`;
}

/** Writes the bundle for `t` from the files already in `releaseDir`; returns its path. */
export function writeOfflineBundle(t: Target, releaseDir: string, outDir: string, mtime: number): string {
  mkdirSync(outDir, { recursive: true });
  const folder = `ctxmode-${t.name}-offline/`;
  const installer = t.os === "windows" ? "install.ps1" : "install.sh";
  const files: [string, number][] = [
    [archiveName(t), 0o644],
    ["SHA256SUMS", 0o644],
    [installer, 0o755],
    ["OFFLINE.md", 0o644],
  ];
  const entries: ArchiveEntry[] = [
    { name: folder, mode: 0o755 },
    ...files.map(([file, mode]) => ({ name: folder + file, mode, data: new Uint8Array(readFileSync(join(releaseDir, file))) })),
  ];
  const out = join(outDir, offlineBundleName(t));
  // The archive inside is compressed already.
  if (t.os === "windows") writeZip(out, entries, mtime, { deflate: false });
  else writeTar(out, entries, mtime);
  return out;
}
