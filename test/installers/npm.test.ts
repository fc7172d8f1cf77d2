import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { TARGETS, hostTarget, npmPackageName } from "../../build/targets.ts";
import { binary } from "../helpers/cli.ts";
import { repoRoot } from "../helpers/temp.ts";
import { RELEASE_TIMEOUT_MS, releaseFixture, type ReleaseFixture } from "../build/release-fixture.ts";
import { startRegistry, type LocalRegistry, type RegistryPackage } from "./npm-registry.ts";
import { findModernNode, findOldNode } from "./node-versions.ts";

const host = hostTarget();
const npm = Bun.which("npm");
const modernNode = findModernNode();
const oldNode = findOldNode();
const skip = !host ? `no release target for ${process.platform}-${process.arch}` : !npm ? "npm is not on PATH" : undefined;
if (skip) console.warn(`npm package tests skipped: ${skip}`);

let release: ReleaseFixture;
let registry: LocalRegistry;
// Made in beforeAll and removed in afterAll of this file (tempDir() inside beforeAll is removed too early).
let work: string;
const platformName = host ? npmPackageName(host) : "";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Asynchronous, so this process keeps serving the registry while the child runs. */
async function run(argv: string[], env: Record<string, string>, cwd = work): Promise<Run> {
  const proc = Bun.spawn(argv, { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 240_000 });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

async function pack(dir: string): Promise<string> {
  const r = await run([npm!, "pack", dir, "--pack-destination", join(work, "packs"), "--ignore-scripts", "--json", "--loglevel=error"], baseEnv());
  if (r.code !== 0) throw new Error(`npm pack ${dir}: ${r.stderr}`);
  return join(work, "packs", (JSON.parse(r.stdout) as { filename: string }[])[0]!.filename);
}

/** npm and its install scripts run on the machine's own Node, with a home and cache of their own. */
function baseEnv(extraPath: string[] = []): Record<string, string> {
  return {
    PATH: [...extraPath, dirname(npm!), "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
    HOME: join(work, "home"),
    npm_config_userconfig: join(work, "home", ".npmrc"),
    npm_config_cache: join(work, "npm-cache"),
    npm_config_update_notifier: "false",
  };
}

interface Install {
  prefix: string;
  bin: string;
  wrapperDir: string;
  result: Run;
}

async function install(name: string, flags: string[]): Promise<Install> {
  const prefix = join(work, name);
  const result = await run(
    [
      npm!,
      "install",
      "--global",
      "--prefix",
      prefix,
      `ctxmode@${release.version}`,
      `--registry=${registry.url}/`,
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      ...flags,
    ],
    baseEnv(),
  );
  if (result.code !== 0) throw new Error(`npm install ${flags.join(" ")} failed: ${result.stderr}`);
  return { prefix, bin: join(prefix, "bin", "ctxmode"), wrapperDir: join(prefix, "lib", "node_modules", "ctxmode"), result };
}

function dataEnv(name: string, path: string[]): Record<string, string> {
  const data = join(work, `data-${name}`);
  const project = join(work, `project-${name}`);
  mkdirSync(join(project, ".git"), { recursive: true });
  return { PATH: path.join(":"), HOME: join(work, "home"), CTXMODE_DATA_DIR: data, CTXMODE_PROJECT_DIR: project };
}

/** initialize + tools/list + one ctx_index and ctx_search through `command`, as an agent host would. */
async function mcpHandshake(command: string, env: Record<string, string>): Promise<string[]> {
  const transport = new StdioClientTransport({ command, args: ["serve"], env, cwd: env.CTXMODE_PROJECT_DIR, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "ctxmode-npm-test", version: "1.0.0" });
  try {
    await client.connect(transport);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    await client.callTool({ name: "ctx_index", arguments: { text: "The quokka migration runbook: drain the queue first.", source: "runbook" } });
    const found = await client.callTool({ name: "ctx_search", arguments: { queries: ["quokka migration"] } });
    const text = (found.content as { text: string }[]).map((c) => c.text).join("");
    expect(text).toContain("drain the queue");
    return tools;
  } catch (err) {
    throw new Error(`MCP through ${command} failed: ${err}; server stderr: ${stderr}`);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  if (skip) return;
  release = await releaseFixture();
  work = mkdtempSync(join(tmpdir(), "ctxmode-npm-"));
  mkdirSync(join(work, "packs"));
  mkdirSync(join(work, "home"));
  writeFileSync(join(work, "home", ".npmrc"), "");
  const wrapper = await pack(join(release.npmDir, "ctxmode"));
  const platform = await pack(join(release.npmDir, platformName));
  const rewriter = await pack(join(repoRoot, "node_modules", "html-rewriter-wasm"));
  const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const packages: RegistryPackage[] = [
    { manifest: manifest(join(release.npmDir, "ctxmode")), tarball: wrapper },
    { manifest: manifest(join(repoRoot, "node_modules", "html-rewriter-wasm")), tarball: rewriter },
    // Every other platform package is listed but cannot be downloaded: npm must skip them by os/cpu/libc.
    ...TARGETS.map((t) => ({ manifest: manifest(join(release.npmDir, npmPackageName(t))), ...(t === host ? { tarball: platform } : {}) })),
  ];
  registry = startRegistry(packages);
  registry.route(
    "/page.html",
    "text/html",
    "<html><head><title>Wombat care</title></head><body><nav>menu</nav><main><h1>Wombat care</h1><p>Wombats dig burrows with their strong claws.</p></main></body></html>",
  );
}, RELEASE_TIMEOUT_MS);

afterAll(() => {
  registry?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("npm: wrapper + this platform's package, installed from a registry on 127.0.0.1", () => {
  let installed: Install;

  test("npm install -g picks only this machine's platform package and hard-links its binary over the shim", async () => {
    if (skip) return;
    installed = await install("default", []);
    const platformBinary = join(installed.wrapperDir, "node_modules", platformName, "bin", "ctxmode");
    expect(existsSync(platformBinary)).toBe(true);
    expect(realpathSync(installed.bin)).toBe(join(installed.wrapperDir, "bin", "ctxmode"));
    expect(statSync(installed.bin).ino).toBe(statSync(platformBinary).ino);
    const others = readdirSync(join(installed.wrapperDir, "node_modules")).filter((n) => n.startsWith("ctxmode-"));
    expect(others).toEqual([platformName]);
    expect(registry.requests.filter((p) => p.includes("missing-"))).toEqual([]);
  }, 300_000);

  test("the installed command is the binary itself: --version with no Node on PATH", async () => {
    if (skip) return;
    const r = await run([installed.bin, "--version"], { PATH: join(work, "home") });
    expect(r).toMatchObject({ code: 0, stdout: `ctxmode ${release.version}\n`, stderr: "" });
  });

  test("an MCP client completes the handshake and a tool round trip through the installed bin", async () => {
    if (skip) return;
    const tools = await mcpHandshake(installed.bin, dataEnv("default", [join(work, "home")]));
    expect(tools).toEqual(expect.arrayContaining(["ctx_execute", "ctx_index", "ctx_search"]));
  }, 60_000);
});

describe("npm: the JavaScript shim (install scripts off, so no hard link)", () => {
  let installed: Install;

  test("runs the platform binary: version, exit codes and stderr pass through", async () => {
    if (skip) return;
    installed = await install("shim", ["--ignore-scripts"]);
    expect(readFileSync(installed.bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    const env = { ...baseEnv(), ...dataEnv("shim", (baseEnv().PATH ?? "").split(":")) };
    expect(await run([installed.bin, "--version"], env)).toMatchObject({ code: 0, stdout: `ctxmode ${release.version}\n` });
    const direct = await run([binary, "search"], env);
    const shimmed = await run([installed.bin, "search"], env);
    expect(direct.code).not.toBe(0);
    expect(shimmed).toMatchObject({ code: direct.code, stdout: direct.stdout, stderr: direct.stderr });
  }, 300_000);

  test("an MCP client talks to the binary through the shim's inherited stdio", async () => {
    if (skip) return;
    const env = dataEnv("shim-mcp", (baseEnv().PATH ?? "").split(":"));
    const tools = await mcpHandshake(installed.bin, { ...env, npm_config_cache: join(work, "npm-cache") });
    expect(tools).toContain("ctx_search");
  }, 60_000);

  test("SIGTERM to the shim reaches the binary: both are gone", async () => {
    if (skip) return;
    const env = dataEnv("shim-signal", (baseEnv().PATH ?? "").split(":"));
    const proc = Bun.spawn([installed.bin, "serve"], { env, cwd: env.CTXMODE_PROJECT_DIR, stdin: "pipe", stdout: "ignore", stderr: "ignore" });
    let child: number | undefined;
    for (let i = 0; i < 100 && !child; i++) {
      await Bun.sleep(50);
      const kids = readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, "utf8").trim();
      if (kids) child = Number(kids.split(" ")[0]);
    }
    expect(child).toBeGreaterThan(0);
    await Bun.sleep(300);
    proc.kill("SIGTERM");
    const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
    expect(exited).toBe(true);
    // The binary's MCP server exits 0 on SIGTERM, or dies of it; either way it is gone, and the shim with it.
    expect(proc.exitCode === 0 || proc.signalCode === "SIGTERM").toBe(true);
    await Bun.sleep(200);
    expect(existsSync(`/proc/${child}/cmdline`) && readFileSync(`/proc/${child}/stat`, "utf8").split(") ")[1]![0] !== "Z").toBe(false);
  }, 30_000);

  test("a platform binary that cannot start (no execute bit) falls back to the Node build", async () => {
    if (skip) return;
    if (!modernNode) return console.warn("skipped: no Node >= 22.13 found (.ci/run installs Node 24 into .tools/)");
    const platformBinary = join(installed.wrapperDir, "node_modules", platformName, "bin", "ctxmode");
    chmodSync(platformBinary, 0o644);
    try {
      const r = await run([installed.bin, "doctor", "--json"], dataEnv("shim-noexec", [dirname(modernNode), "/usr/bin", "/bin"]));
      expect(r.stderr).toBe("");
      expect(JSON.parse(r.stdout)).toMatchObject({ runtime: "node", ok: true });
    } finally {
      chmodSync(platformBinary, 0o755);
    }
  }, 30_000);

  test("a platform binary whose sha256 differs from the published one is refused; CTXMODE_BINARY_PATH overrides", async () => {
    if (skip) return;
    const platformBinary = join(installed.wrapperDir, "node_modules", platformName, "bin", "ctxmode");
    appendFileSync(platformBinary, "\0");
    const env = { PATH: baseEnv().PATH ?? "", HOME: join(work, "home") };
    const refused = await run([installed.bin, "--version"], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(
      new RegExp(
        `^ctxmode: \\S+/${platformName}/bin/ctxmode has sha256 [0-9a-f]{64} but ctxmode ${release.version.replaceAll(".", "\\.")} expects [0-9a-f]{64}; reinstall with .*\\n$`,
      ),
    );
    const overridden = await run([installed.bin, "--version"], { ...env, CTXMODE_BINARY_PATH: binary });
    expect(overridden).toMatchObject({ code: 0, stdout: `ctxmode ${release.version}\n` });
  }, 30_000);
});

describe("npm: no platform package fits (npm --cpu=riscv64) -> the Node build", () => {
  let installed: Install;

  test("installs without any platform package; bin/ctxmode stays the shim", async () => {
    if (skip) return;
    // npm is told it runs on a CPU no platform package is built for, as on an unsupported machine.
    installed = await install("fallback", ["--cpu=riscv64"]);
    expect(readdirSync(join(installed.wrapperDir, "node_modules")).filter((n) => n.startsWith("ctxmode-"))).toEqual([]);
    expect(readFileSync(installed.bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  }, 300_000);

  test("on Node >= 22.13: --version, doctor, index (files and a URL) and search run on node:sqlite", async () => {
    if (skip) return;
    if (!modernNode) return console.warn("skipped: no Node >= 22.13 found (.ci/run installs Node 24 into .tools/)");
    const env = dataEnv("fallback", [dirname(modernNode), "/usr/bin", "/bin"]);
    const project = env.CTXMODE_PROJECT_DIR!;
    expect(await run([installed.bin, "--version"], env)).toMatchObject({ code: 0, stdout: `ctxmode ${release.version}\n`, stderr: "" });
    const doctor = await run([installed.bin, "doctor", "--json"], env);
    expect(JSON.parse(doctor.stdout)).toMatchObject({ runtime: "node", channel: "npm", ok: true });
    mkdirSync(join(project, "docs"));
    writeFileSync(join(project, "docs", "kiwi.md"), "# Kiwi\n\nThe kiwi lays a very large egg for its size.\n");
    expect((await run([installed.bin, "index", join(project, "docs"), "--project", project], env)).code).toBe(0);
    const page = `${registry.url}/page.html`;
    const fetched = await run([installed.bin, "index", page, "--project", project], env);
    expect(fetched.stderr).toBe("");
    expect(fetched.code).toBe(0);
    const search = await run([installed.bin, "search", "kiwi egg", "wombat burrows claws", "--project", project, "--json"], env);
    const results = JSON.parse(search.stdout).results;
    expect(results[0].hits[0].snippet).toContain("very large egg");
    expect(results[1].hits[0].source).toBe(page);
  }, 60_000);

  test("on Node >= 22.13: an MCP client completes the handshake with the Node build", async () => {
    if (skip || !modernNode) return;
    const tools = await mcpHandshake(installed.bin, dataEnv("fallback-mcp", [dirname(modernNode), "/usr/bin", "/bin"]));
    expect(tools).toContain("ctx_search");
  }, 60_000);

  test("on Node < 22.13: one line naming the version needed, exit 1", async () => {
    if (skip) return;
    if (!oldNode) return console.warn("skipped: no Node older than 22.13 on this machine");
    const version = Bun.spawnSync([oldNode, "--version"], { stdout: "pipe" }).stdout.toString().trim().slice(1);
    const r = await run([installed.bin, "--version"], dataEnv("old-node", [dirname(oldNode), "/usr/bin", "/bin"]));
    expect(r).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `ctxmode: Node ${version} is too old; the npm build needs Node >= 22.13 (or install the ctxmode binary)\n`,
    });
  }, 30_000);
});
