/**
 * The host packages as published in this repository, where each host's plugin manager installs
 * from (build/host-plugins.ts makes them; this lays them out):
 *
 *   .claude-plugin/marketplace.json   Claude Code:  claude plugin marketplace add ctxmode/ctxmode
 *   .agents/plugins/marketplace.json  Codex:        codex plugin marketplace add ctxmode/ctxmode
 *   .github/plugin/marketplace.json   Copilot CLI:  copilot plugin marketplace add ctxmode/ctxmode
 *   plugins/<host>/                   each marketplace's plugin folder (the manifests point here)
 *   plugins/gemini-cli/, plugins/qwen-code/
 *                                     the extensions, each the root of a branch of the same name:
 *                                     gemini extensions install https://github.com/ctxmode/ctxmode --ref gemini-cli
 *   plugins/zcode/                    the ZCode marketplace folder
 *
 * `bun build/publish-plugins.ts` rewrites them (commit the result; test/build/published-plugins.test.ts
 * fails while they differ from what the code makes). `--branches` then points the local branches
 * `gemini-cli` and `qwen-code` at commits whose tree is that folder as committed at HEAD, for the
 * release to push.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { hostPackages, type PluginHost } from "./host-plugins.ts";

const root = join(import.meta.dir, "..");
const LAUNCHER = join("bin", "ctxmode-plugin");

/** Hosts whose marketplace manifest sits at the repository root, at this path. */
const MARKETPLACES: Partial<Record<PluginHost, string>> = {
  "claude-code": join(".claude-plugin", "marketplace.json"),
  codex: join(".agents", "plugins", "marketplace.json"),
  "copilot-cli": join(".github", "plugin", "marketplace.json"),
};

/** Hosts that install an extension from the root of a branch named after them. */
export const BRANCH_HOSTS = ["gemini-cli", "qwen-code"] as const;

/** The folder every published file lives in or under, besides the root manifests. */
export const PUBLISHED_DIR = "plugins";

/** Repository path -> content of every published file. */
export function publishedFiles(version: string = pkg.version): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [host, files] of Object.entries(hostPackages(version)) as [PluginHost, Record<string, string>][]) {
    const manifest = MARKETPLACES[host];
    for (const [path, content] of Object.entries(files)) {
      if (manifest && path === manifest) {
        // The package's own folder is `plugins/ctxmode`; published, it is `plugins/<host>` beside the others.
        out[manifest] = content.replaceAll('"./plugins/ctxmode"', JSON.stringify(`./${PUBLISHED_DIR}/${host}`));
      } else if (manifest) {
        const inner = relative(join("plugins", "ctxmode"), path);
        if (inner.startsWith("..")) throw new Error(`${host}: ${path} is outside its plugin folder`);
        out[join(PUBLISHED_DIR, host, inner)] = content;
      } else {
        out[join(PUBLISHED_DIR, host, path)] = content;
      }
    }
  }
  return out;
}

/** Every file now under the published paths of `dir` (relative), to find stale ones. */
export function listPublished(dir: string): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    const abs = join(dir, rel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(rel, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(path);
    }
  };
  walk(PUBLISHED_DIR);
  for (const manifest of Object.values(MARKETPLACES)) if (existsSync(join(dir, manifest))) found.push(manifest);
  return found.sort();
}

/** Writes the published layout into `dir` (the repository by default), removing what it no longer holds. */
export function writePublished(dir: string = root, version: string = pkg.version): string[] {
  const files = publishedFiles(version);
  rmSync(join(dir, PUBLISHED_DIR), { recursive: true, force: true });
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (path.endsWith(LAUNCHER)) chmodSync(file, 0o755);
  }
  return Object.keys(files).sort();
}

/** Points branch `<host>` of the repository at `dir` at a commit whose tree is `plugins/<host>` of HEAD. */
export function updateBranches(dir: string = root, env: Record<string, string | undefined> = process.env): string[] {
  const git = (args: string[]) => {
    const r = Bun.spawnSync(["git", "-C", dir, ...args], { env, stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString().trim()}`);
    return r.stdout.toString().trim();
  };
  const lines: string[] = [];
  for (const host of BRANCH_HOSTS) {
    const tree = git(["rev-parse", `HEAD:${PUBLISHED_DIR}/${host}`]);
    const tip = Bun.spawnSync(["git", "-C", dir, "rev-parse", "--verify", "--quiet", `refs/heads/${host}`], { env, stdout: "pipe" });
    const parent = tip.exitCode === 0 ? tip.stdout.toString().trim() : undefined;
    if (parent && git(["rev-parse", `${parent}^{tree}`]) === tree) {
      lines.push(`${host}: already at ${parent.slice(0, 12)}`);
      continue;
    }
    const head = git(["rev-parse", "HEAD"]);
    const commit = git(["commit-tree", tree, ...(parent ? ["-p", parent] : []), "-m", `${host} extension from ${head.slice(0, 12)}`]);
    git(["update-ref", `refs/heads/${host}`, commit]);
    lines.push(`${host}: ${commit.slice(0, 12)} (${PUBLISHED_DIR}/${host} of ${head.slice(0, 12)})`);
  }
  return lines;
}

if (import.meta.main) {
  if (process.argv.includes("--branches")) console.log(updateBranches().join("\n"));
  else console.log(`wrote ${writePublished().length} files under ${PUBLISHED_DIR}/ and the root marketplace manifests`);
}
