/**
 * Fills the installer templates (Homebrew formula, winget manifests, OFFLINE.md) for one version
 * from the release's SHA256SUMS, so every channel names the same bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOMEPAGE, archiveName, findTarget, releaseBaseUrl } from "./targets.ts";

const installers = join(import.meta.dir, "..", "installers");

/**
 * Replaces `{{version}}`, `{{homepage}}`, `{{url:<target>}}`, `{{sha256:<target>}}` (lower case)
 * and `{{SHA256:<target>}}` (upper case). An unknown placeholder or a target missing from the
 * sums is an error, never an empty string in a published manifest.
 */
export function renderTemplate(template: string, version: string, sums: ReadonlyMap<string, string>): string {
  return template.replace(/\{\{([a-zA-Z0-9]+)(?::([a-z0-9-]+))?\}\}/g, (whole, key: string, target?: string) => {
    if (key === "version" && !target) return version;
    if (key === "homepage" && !target) return HOMEPAGE;
    if (!target) throw new Error(`unknown placeholder ${whole}`);
    const name = archiveName(findTarget(target));
    if (key === "url") return `${releaseBaseUrl(version)}/${name}`;
    const hash = sums.get(name);
    if (!hash) throw new Error(`SHA256SUMS has no line for ${name}`);
    if (key === "sha256") return hash;
    if (key === "SHA256") return hash.toUpperCase();
    throw new Error(`unknown placeholder ${whole}`);
  });
}

export const WINGET_ID = "ctxmode.ctxmode";
const WINGET_FILES = [`${WINGET_ID}.yaml`, `${WINGET_ID}.installer.yaml`, `${WINGET_ID}.locale.en-US.yaml`];

/** Writes `homebrew/ctxmode.rb` and the three winget manifests under `outDir`; returns their paths. */
export function renderManifests(outDir: string, version: string, sums: ReadonlyMap<string, string>): { formula: string; winget: string[] } {
  mkdirSync(join(outDir, "homebrew"), { recursive: true });
  const formula = join(outDir, "homebrew", "ctxmode.rb");
  writeFileSync(formula, renderTemplate(readFileSync(join(installers, "homebrew", "ctxmode.rb.template"), "utf8"), version, sums));
  // The folder layout winget-pkgs expects: manifests/<first letter>/<publisher>/<name>/<version>/.
  const wingetDir = join(outDir, "winget", "manifests", "c", "ctxmode", "ctxmode", version);
  mkdirSync(wingetDir, { recursive: true });
  const winget = WINGET_FILES.map((file) => {
    const path = join(wingetDir, file);
    writeFileSync(path, renderTemplate(readFileSync(join(installers, "winget", `${file}.template`), "utf8"), version, sums));
    return path;
  });
  return { formula, winget };
}

/** OFFLINE.md for this version (the same text goes into every offline bundle). */
export function renderOfflineGuide(version: string): string {
  return renderTemplate(readFileSync(join(installers, "OFFLINE.md.template"), "utf8"), version, new Map());
}
