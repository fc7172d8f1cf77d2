import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { BRANCH_HOSTS, listPublished, publishedFiles, updateBranches, writePublished } from "../../build/publish-plugins.ts";
import { type HostSandbox, hostEnv, makeSandbox } from "./host-run.ts";
import { cacheRoot, HOSTS, type HostId, hostCommand } from "./hosts.ts";
import { hostCli } from "./plugin-route.ts";
import { repoRoot } from "../helpers/temp.ts";

/**
 * The host packages as this repository publishes them (build/publish-plugins.ts): the committed
 * copy must be what the code makes, and each host installs ctxmode from a clone of the repository
 * with its own command, the GitHub form (`… marketplace add ctxmode/ctxmode`, `gemini extensions
 * install https://github.com/ctxmode/ctxmode --ref gemini-cli`) reading the same tree.
 */
describe("published host packages", () => {
  test("the committed copy is what build/publish-plugins.ts makes (run it and commit when this fails)", () => {
    const want = publishedFiles();
    expect(listPublished(repoRoot)).toEqual(Object.keys(want).sort());
    const stale = Object.entries(want)
      .filter(([path, content]) => readFileSync(join(repoRoot, path), "utf8") !== content)
      .map(([path]) => path);
    expect(stale).toEqual([]);
    for (const path of Object.keys(want).filter((p) => p.endsWith(join("bin", "ctxmode-plugin")))) {
      expect(statSync(join(repoRoot, path)).mode & 0o111).not.toBe(0);
    }
  });
});

/** A git repository holding only the published files, with the extension branches made by --branches' code. */
function cloneOfRepository(dir: string): string {
  const repo = join(dir, "ctxmode-repo");
  mkdirSync(repo, { recursive: true });
  writePublished(repo);
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "ctxmode",
    GIT_AUTHOR_EMAIL: "ctxmode@localhost",
    GIT_COMMITTER_NAME: "ctxmode",
    GIT_COMMITTER_EMAIL: "ctxmode@localhost",
  };
  for (const args of [
    ["init", "-q", "-b", "main"],
    ["add", "-A"],
    ["commit", "-q", "-m", "published host packages"],
  ]) {
    const r = Bun.spawnSync(["git", "-C", repo, ...args], { env, stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  }
  updateBranches(repo, env);
  // What a git host serves: a bare copy with the files git's dumb HTTP protocol reads.
  const bare = `${repo}.git`;
  for (const args of [
    ["clone", "-q", "--bare", repo, bare],
    ["-C", bare, "fetch", "-q", repo, ...BRANCH_HOSTS.map((h) => `${h}:${h}`)],
    ["-C", bare, "update-server-info"],
  ]) {
    const r = Bun.spawnSync(["git", ...args], { env, stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  }
  return repo;
}

/**
 * Serves `<repo>.git` over HTTP on 127.0.0.1 through git's own smart-HTTP CGI (`git http-backend`),
 * as a git host does: the hosts clone shallow, which the plain-file protocol cannot.
 */
function serveGit(bare: string): { url: string; stop: () => void } {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const cgi = Bun.spawn(["git", "http-backend"], {
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          GIT_PROJECT_ROOT: dirname(bare),
          GIT_HTTP_EXPORT_ALL: "1",
          PATH_INFO: url.pathname.replace(/^\/ctxmode\.git/, `/${basename(bare)}`),
          QUERY_STRING: url.search.slice(1),
          REQUEST_METHOD: req.method,
          CONTENT_TYPE: req.headers.get("content-type") ?? "",
          HTTP_CONTENT_ENCODING: req.headers.get("content-encoding") ?? "",
          GIT_PROTOCOL: req.headers.get("git-protocol") ?? "",
        },
        stdin: req.body ? new Uint8Array(await req.arrayBuffer()) : "ignore",
        stdout: "pipe",
        stderr: "ignore",
      });
      const raw = Buffer.from(await new Response(cgi.stdout).arrayBuffer());
      const split = raw.indexOf("\r\n\r\n");
      const headers = new Headers();
      let status = 200;
      for (const line of raw.subarray(0, split).toString().split("\r\n")) {
        const at = line.indexOf(":");
        const [key, value] = [line.slice(0, at).trim(), line.slice(at + 1).trim()];
        if (key.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else headers.set(key, value);
      }
      return new Response(raw.subarray(split + 4), { status, headers });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/ctxmode.git`, stop: () => server.stop(true) };
}

/** A host CLI command run without blocking this process (it serves the repository meanwhile). */
async function hostCliAsync(box: HostSandbox, id: HostId, args: string[], env: Record<string, string>): Promise<string> {
  const cmd = hostCommand(id);
  if (typeof cmd === "string") throw new Error(cmd);
  const fullEnv = hostEnv(box, cmd, env);
  mkdirSync(fullEnv.TMPDIR!, { recursive: true });
  const p = Bun.spawn([...cmd.argv, ...args], { cwd: box.project, env: fullEnv, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => p.kill(), 120_000);
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${HOSTS[id].pkg} ${args.join(" ")} failed (exit ${code}):\n${`${out}\n${err}`.slice(-3000)}`);
  return `${out}\n${err}`;
}

interface Route {
  id: HostId;
  /** Host config a first run needs before the plugin commands (the auth choice, a provider). */
  prepare?: (box: HostSandbox) => void;
  env: (box: HostSandbox) => Record<string, string>;
  /** The source is the repository's git URL (extensions clone a branch), not a path to it. */
  git?: boolean;
  install: (repo: string) => string[][];
  check: string[];
}

const ROUTES: Route[] = [
  {
    id: "claude-code",
    env: () => ({ CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1" }),
    install: (repo) => [
      ["plugin", "marketplace", "add", repo],
      ["plugin", "install", "ctxmode@ctxmode"],
    ],
    check: ["plugin", "list"],
  },
  {
    id: "codex",
    prepare: (box) => {
      mkdirSync(join(box.home, ".codex"), { recursive: true });
      writeFileSync(join(box.home, ".codex", "config.toml"), 'model = "gpt-fake"\n');
    },
    env: (box) => ({ CODEX_HOME: join(box.home, ".codex") }),
    install: (repo) => [
      ["plugin", "marketplace", "add", repo],
      ["plugin", "add", "ctxmode@ctxmode"],
    ],
    check: ["plugin", "list"],
  },
  {
    id: "copilot-cli",
    env: () => ({ COPILOT_PKG_CACHE_HOME: join(cacheRoot, "copilot-pkg-cache"), COPILOT_AUTO_UPDATE: "false", COPILOT_OFFLINE: "true" }),
    install: (repo) => [
      ["plugin", "marketplace", "add", repo],
      ["plugin", "install", "ctxmode@ctxmode"],
    ],
    check: ["plugin", "list"],
  },
  ...BRANCH_HOSTS.map(
    (id): Route => ({
      id,
      prepare: (box) => {
        const dir = join(box.home, id === "gemini-cli" ? ".gemini" : ".qwen");
        mkdirSync(dir, { recursive: true });
        const auth = id === "gemini-cli" ? "gemini-api-key" : "openai";
        writeFileSync(join(dir, "settings.json"), JSON.stringify({ security: { auth: { selectedType: auth }, folderTrust: { enabled: false } } }));
      },
      env: () => ({}),
      git: true,
      // A git URL over HTTP, so the host clones the branch as it does from GitHub.
      install: (url) => [["extensions", "install", url, "--ref", id, "--consent"]],
      check: ["extensions", "list"],
    }),
  ),
];

describe("each host installs ctxmode from a clone of the repository", () => {
  let dir: HostSandbox;
  let repo: string;
  let git: ReturnType<typeof serveGit>;
  beforeAll(() => {
    dir = makeSandbox("published");
    repo = cloneOfRepository(dir.root);
    git = serveGit(`${repo}.git`);
  });
  afterAll(() => {
    git?.stop();
    if (dir) rmSync(dir.root, { recursive: true, force: true });
  });

  for (const route of ROUTES) {
    const cmd = hostCommand(route.id);
    const name = `${route.id} ${HOSTS[route.id].version}: ${route
      .install("<repo>")
      .map((a) => a.join(" "))
      .join(" && ")}`;
    if (typeof cmd === "string") {
      test.skip(`${name} (skipped: ${cmd})`, () => {});
      continue;
    }
    test(name, async () => {
      const box = makeSandbox(`published-${route.id}`);
      try {
        route.prepare?.(box);
        const source = route.git ? git.url : repo;
        for (const args of route.install(source)) await hostCliAsync(box, route.id, args, route.env(box));
        expect(hostCli(box, route.id, route.check, route.env(box)).replaceAll(box.root, "")).toContain("ctxmode");
        // An extension is the branch's tree: its manifest and launcher are what the repository publishes.
        if (route.git) {
          const installed = join(box.home, route.id === "gemini-cli" ? ".gemini" : ".qwen", "extensions", "ctxmode");
          const manifest = route.id === "gemini-cli" ? "gemini-extension.json" : "qwen-extension.json";
          expect(readFileSync(join(installed, manifest), "utf8")).toBe(readFileSync(join(repoRoot, "plugins", route.id, manifest), "utf8"));
          expect(readFileSync(join(installed, "bin", "ctxmode-plugin"), "utf8")).toBe(
            readFileSync(join(repoRoot, "plugins", route.id, "bin", "ctxmode-plugin"), "utf8"),
          );
        }
      } finally {
        rmSync(box.root, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
