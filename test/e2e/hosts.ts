/**
 * The agent hosts the e2e tests drive, pinned, and their installer into `.cache/e2e-hosts/`.
 * `bun test/e2e/hosts.ts` installs every missing one (CI runs it before the tests); a test calls
 * `ensureHost` and skips with the returned reason when its host cannot be installed here.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot } from "../helpers/temp.ts";

export type HostId = "claude-code" | "codex" | "gemini-cli" | "qwen-code" | "copilot-cli" | "opencode" | "pi";

export interface HostPackage {
  pkg: string;
  version: string;
  /** Entry point inside the install dir's node_modules; a `.js` entry runs under Node. */
  entry: string;
  /** Lowest Node major the entry runs on (from the package's `engines`), when it is a Node script. */
  node?: number;
  /**
   * Packages whose install script may run: each only copies its platform binary out of an npm-published
   * optional dependency (nothing is fetched from GitHub). Native add-ons of the others (node-pty, keytar,
   * koffi) stay blocked; the hosts run without them.
   */
  allowScripts?: string[];
}

/** Pinned from `npm view <pkg> version`; bump together with the host notes in hosts.md. */
export const HOSTS: Record<HostId, HostPackage> = {
  "claude-code": {
    pkg: "@anthropic-ai/claude-code",
    version: "2.1.332",
    // Native binary copied over this placeholder from @anthropic-ai/claude-code-<platform> by install.cjs.
    entry: "@anthropic-ai/claude-code/bin/claude.exe",
    allowScripts: ["@anthropic-ai/claude-code"],
  },
  // bin/codex.js starts the Rust binary from the optional dependency @openai/codex-<platform>.
  codex: { pkg: "@openai/codex", version: "0.171.0", entry: "@openai/codex/bin/codex.js", node: 16 },
  "gemini-cli": { pkg: "@google/gemini-cli", version: "0.61.0", entry: "@google/gemini-cli/bundle/gemini.js", node: 20 },
  // engines: node >= 22, so it runs on Node 24 where the machine's node is older.
  "qwen-code": { pkg: "@qwen-code/qwen-code", version: "0.24.4", entry: "@qwen-code/qwen-code/cli-entry.js", node: 22 },
  // npm-loader.js starts the SEA binary from the optional dependency @github/copilot-<platform>.
  "copilot-cli": { pkg: "@github/copilot", version: "1.0.102", entry: "@github/copilot/npm-loader.js", node: 20 },
  opencode: {
    pkg: "opencode-ai",
    version: "1.18.33",
    // Native binary copied over this placeholder from opencode-<platform>[-baseline] by postinstall.mjs.
    entry: "opencode-ai/bin/opencode.exe",
    allowScripts: ["opencode-ai"],
  },
  pi: { pkg: "@mariozechner/pi-coding-agent", version: "0.73.1", entry: "@mariozechner/pi-coding-agent/dist/cli.js", node: 20 },
};

export const cacheRoot = join(repoRoot, ".cache", "e2e-hosts");

/** `<cache>/<pkg>@<version>`, with the scope's slash flattened. */
export function hostDir(id: HostId): string {
  const { pkg, version } = HOSTS[id];
  return join(cacheRoot, `${pkg.replace("/", "__")}@${version}`);
}

/** How to start a host: argv prefix and the directory to put first on PATH (its Node). */
export interface HostCommand {
  argv: string[];
  pathPrefix: string[];
}

/**
 * Installs the pinned host if it is not cached yet. Returns the reason it cannot run, or undefined.
 * A test waits at most 120 s for a missing host (the CI step, run before the tests, waits 300 s).
 */
export function installHost(id: HostId, options: { timeoutMs?: number; log?: (line: string) => void } = {}): string | undefined {
  const { timeoutMs = 120_000, log = () => {} } = options;
  const host = HOSTS[id];
  const dir = hostDir(id);
  if (existsSync(join(dir, "node_modules", host.entry))) return undefined;
  if (!Bun.which("npm")) return "npm is not on PATH";
  // Installed into a staging dir and renamed, so an interrupted install never looks complete.
  const staging = `${dir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const allow = Object.fromEntries((host.allowScripts ?? []).map((p) => [p, true]));
  writeFileSync(join(staging, "package.json"), JSON.stringify({ private: true, allowScripts: allow }, null, 2) + "\n");
  log(`installing ${host.pkg}@${host.version} into ${dir}`);
  const started = Date.now();
  const r = Bun.spawnSync(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--save-exact", `${host.pkg}@${host.version}`], {
    cwd: staging,
    stdout: "pipe",
    stderr: "pipe",
    timeout: timeoutMs,
  });
  if (r.exitCode !== 0 || !existsSync(join(staging, "node_modules", host.entry))) {
    const why = r.exitCode === null ? `timed out after ${timeoutMs / 1000} s` : npmReason(r.stderr.toString()) || `npm exited ${r.exitCode}`;
    rmSync(staging, { recursive: true, force: true });
    return `${host.pkg}@${host.version} could not be installed: ${why}`;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  log(`installed ${host.pkg}@${host.version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return undefined;
}

/** The command that runs the installed host, or the reason it cannot run on this machine. */
export function hostCommand(id: HostId): HostCommand | string {
  const missing = installHost(id);
  if (missing) return missing;
  const host = HOSTS[id];
  const entry = join(hostDir(id), "node_modules", host.entry);
  if (host.node === undefined) return { argv: [entry], pathPrefix: [] };
  const node = findNode(host.node);
  if (!node) return `${host.pkg} needs Node >= ${host.node}; none found (CI installs Node 24 into .tools/)`;
  return { argv: [node, entry], pathPrefix: [dirname(node)] };
}

/**
 * A Node binary of at least `major`: the one on PATH, else Node 24 from `.tools/` (installed by .ci/run)
 * or from a `tools/` folder beside the checkout.
 */
export function findNode(major: number): string | undefined {
  const candidates = [
    Bun.which("node"),
    join(repoRoot, ".tools", "node_modules", ".bin", "node"),
    join(repoRoot, "..", "tools", "node_modules", ".bin", "node"),
  ];
  for (const c of candidates) {
    if (!c || !existsSync(c)) continue;
    const v = Bun.spawnSync([c, "--version"], { stdout: "pipe", timeout: 10_000 }).stdout.toString().trim();
    const m = /^v(\d+)\./.exec(v);
    if (m && Number(m[1]) >= major) return c;
  }
  return undefined;
}

/** npm's error code and first message line, without the field lines and the pointer to its debug log. */
function npmReason(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.replace(/^npm (error|ERR!)\s*/, "").trim())
    .filter(Boolean);
  const code = lines.find((l) => l.startsWith("code "))?.slice(5);
  const message = lines.find((l) => !/^(code|syscall|errno|path|dest|address|port|A complete log)\b/.test(l));
  return [code, message].filter(Boolean).join(": ");
}

if (import.meta.main) {
  // Pre-install for CI: best effort, one line per host; the tests skip what is missing.
  let failed = 0;
  for (const id of Object.keys(HOSTS) as HostId[]) {
    const why = installHost(id, { timeoutMs: 300_000, log: (line) => console.log(line) });
    if (why) {
      failed++;
      console.log(`skipping ${id}: ${why}`);
    } else console.log(`${id}: ${HOSTS[id].pkg}@${HOSTS[id].version} ready`);
  }
  if (failed) console.log(`${failed} host(s) unavailable; their e2e tests will be skipped`);
}
