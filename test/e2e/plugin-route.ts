import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { hostPackages, type PluginHost, writeHostPackages } from "../../build/host-plugins.ts";
import { writeNpmPackages } from "../../build/npm.ts";
import { INSTALL_COMMAND } from "../../build/plugin-launcher.ts";
import { binary } from "../helpers/cli.ts";
import { repoRoot } from "../helpers/temp.ts";
import { type FakeModel, startFakeModel, type ToolStep } from "./fake-model/server.ts";
import { unescapeHtml } from "./hook-evidence.ts";
import { type LocalRegistry, type RegistryPackage, startRegistry } from "../installers/npm-registry.ts";
import { describeRun, hostEnv, type HostRun, type HostSandbox, makeSandbox, runHost } from "./host-run.ts";
import { contextSeen, describeTraffic, FINAL_TEXT } from "./scenario.ts";
import { HOSTS, hostCommand, type HostId } from "./hosts.ts";

/**
 * The plugin route of the e2e tests: ctxmode's host packages (build/host-plugins.ts, what
 * `bun run build:release` writes into dist/release/plugins/) installed with each host's own
 * command in a temp HOME, with no `ctxmode setup`. The binary sits where install.sh puts it,
 * `~/.ctxmode/bin/ctxmode`, which is where the packages' launcher finds it.
 */

/** Writes the host packages into the sandbox (the same generator the release runs); returns the host's folder. */
export function writePackages(box: HostSandbox, host: PluginHost): string {
  const dir = join(box.root, "plugins");
  writeHostPackages(dir);
  return join(dir, host);
}

/** Puts the built binary where install.sh installs it. */
export function installBinary(box: HostSandbox): void {
  mkdirSync(join(box.home, ".ctxmode", "bin"), { recursive: true });
  symlinkSync(binary, join(box.home, ".ctxmode", "bin", "ctxmode"));
}

/** Runs one host CLI command (`plugin install …`) in the sandbox; throws with its output when it fails. */
export function hostCli(box: HostSandbox, id: HostId, args: string[], env: Record<string, string>): string {
  const cmd = hostCommand(id);
  if (typeof cmd === "string") throw new Error(cmd);
  const fullEnv = hostEnv(box, cmd, env);
  mkdirSync(fullEnv.TMPDIR!, { recursive: true });
  const r = Bun.spawnSync([...cmd.argv, ...args], { cwd: box.project, env: fullEnv, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 120_000 });
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.exitCode !== 0) throw new Error(`${HOSTS[id].pkg} ${args.join(" ")} failed (exit ${r.exitCode}):\n${out.slice(-3000)}`);
  return out;
}

/** Runs the built ctxmode in the sandbox (its HOME and data dir), offline. */
function ctxmodeCli(box: HostSandbox, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const env = hostEnv(box, { argv: [], pathPrefix: [] }, { CTXMODE_RELEASE_URL: "http://127.0.0.1:9" });
  mkdirSync(env.TMPDIR!, { recursive: true });
  const r = Bun.spawnSync([binary, ...args], { cwd: box.project, env, stdout: "pipe", stderr: "pipe", timeout: 60_000 });
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

/**
 * Every path under `dir` whose name or text mentions ctxmode (what a clean remove must leave none of).
 * The sandbox's own path (`ctxmode-e2e-…`), which hosts record as the project, does not count.
 */
export function ctxmodeTraces(dir: string, sandboxRoot: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const st = statSync(path, { throwIfNoEntry: false });
      if (!st) continue;
      const rel = relative(dir, path);
      if (/ctxmode/i.test(name)) found.push(rel);
      if (st.isDirectory()) walk(path);
      else if (st.size < 5_000_000 && /ctxmode/i.test(readFileSync(path, "latin1").replaceAll(sandboxRoot, ""))) found.push(`${rel} (mentions ctxmode)`);
    }
  };
  walk(dir);
  return found;
}

/** One host's install, update and remove through its own commands, in a sandbox of its own. */
export interface PluginLifecycle {
  id: HostId & PluginHost;
  title: string;
  env(box: HostSandbox): Record<string, string>;
  /** The host's own settings written before the install (Gemini CLI: folder trust off). */
  prepare?: (box: HostSandbox) => void;
  /** The host's install command(s) for the package folder `dir`. */
  install: (dir: string) => string[][];
  update: string[][];
  /** The host's listing command: names ctxmode after install, not after remove. */
  check: string[];
  remove: string[][];
  /** What install must have produced (paths under HOME), to prove it installed anything. */
  installed: (box: HostSandbox) => string[];
  /**
   * What the host itself keeps after a remove, each with why it is harmless (a cache marked for its
   * own clean-up, a list of declined plugins); anything else that names ctxmode fails the test.
   */
  leftovers?: { path: RegExp; why: string; text?: (content: string) => boolean }[];
}

/** The `plugin marketplace` commands Claude Code and Copilot CLI share, for the published `ctxmode` marketplace. */
export const MARKETPLACE_COMMANDS: Pick<PluginLifecycle, "install" | "update" | "check" | "remove"> = {
  install: (dir) => [
    ["plugin", "marketplace", "add", dir],
    ["plugin", "install", "ctxmode@ctxmode"],
  ],
  update: [
    ["plugin", "marketplace", "update", "ctxmode"],
    ["plugin", "update", "ctxmode@ctxmode"],
  ],
  check: ["plugin", "list"],
  remove: [
    ["plugin", "uninstall", "ctxmode@ctxmode"],
    ["plugin", "marketplace", "remove", "ctxmode"],
  ],
};

/** The `extensions` commands Gemini CLI and Qwen Code share. */
export const EXTENSION_COMMANDS: Pick<PluginLifecycle, "install" | "update" | "check" | "remove"> = {
  install: (dir) => [["extensions", "install", dir, "--consent"]],
  update: [["extensions", "update", "ctxmode"]],
  check: ["extensions", "list"],
  remove: [["extensions", "uninstall", "ctxmode"]],
};

/** install -> the host sees it -> update -> remove -> nothing of ctxmode's is left in HOME. */
export function describePluginLifecycle(def: PluginLifecycle): void {
  const cmd = hostCommand(def.id);
  describe(`${def.title} ${HOSTS[def.id].version}: install, update and remove ctxmode with the host's own plugin commands`, () => {
    if (typeof cmd === "string") {
      test.skip(`(skipped: ${cmd})`, () => {});
      return;
    }
    let box: HostSandbox;
    beforeAll(() => {
      box = makeSandbox(`${def.id}-lifecycle`);
    });
    afterAll(() => {
      if (box) rmSync(box.root, { recursive: true, force: true });
    });
    test("the package folder holds a manifest, the launcher and no absolute path of this machine", () => {
      const files = hostPackages()[def.id];
      expect(Object.keys(files)).toContainEqual(expect.stringMatching(/bin\/ctxmode-plugin$/));
      for (const [path, text] of Object.entries(files)) if (text.includes(binary)) throw new Error(`${path} names this machine's binary`);
    });
    test("install, update and remove: afterwards no ctxmode file or config entry is left but the host's own records this test names", () => {
      def.prepare?.(box);
      const dir = writePackages(box, def.id);
      for (const args of def.install(dir)) hostCli(box, def.id, args, def.env(box));
      const missing = def.installed(box).filter((p) => !statSync(p, { throwIfNoEntry: false }));
      expect(missing).toEqual([]);
      expect(ctxmodeTraces(box.home, box.root).length).toBeGreaterThan(0);
      const listed = () => hostCli(box, def.id, def.check, def.env(box)).replaceAll(box.root, "");
      expect(listed()).toContain("ctxmode");
      // One install at a time: setup sees the plugin and writes nothing; doctor names the route; --remove names the host's command.
      const before = ctxmodeTraces(box.home, box.root);
      const setup = ctxmodeCli(box, ["setup", "--yes", "--agents", def.id]);
      expect(setup.stdout).toContain("plugin manager; setup adds nothing");
      expect(ctxmodeTraces(box.home, box.root).filter((t) => !t.startsWith(".ctxmode"))).toEqual(before);
      const doctor = ctxmodeCli(box, ["doctor", "--json", "--agents", def.id]);
      const row = JSON.parse(doctor.stdout).checks.find((c: { name: string }) => c.name === `${def.id}/config`);
      expect(row).toMatchObject({ status: "PASS", detail: expect.stringContaining("plugin manager") });
      const remove = ctxmodeCli(box, ["setup", "--remove", "--yes", "--agents", def.id]);
      expect(remove.stdout).toContain("remove it with `");
      rmSync(box.dataDir, { recursive: true, force: true });
      for (const args of def.update) hostCli(box, def.id, args, def.env(box));
      for (const args of def.remove) hostCli(box, def.id, args, def.env(box));
      expect(listed()).not.toContain("ctxmode");
      // A leftover with `text` is allowed only while the file's content passes it.
      const allowed = (trace: string) =>
        def.leftovers?.some(
          (l) => l.path.test(trace) && (!l.text || l.text(readFileSync(join(box.home, trace.replace(/ \(mentions ctxmode\)$/, "")), "utf8"))),
        );
      const left = ctxmodeTraces(box.home, box.root).filter((t) => !allowed(t));
      expect(left).toEqual([]);
    }, 240_000);
  });
}

/** A plugin installed with no ctxmode binary anywhere: the host runs the session and is told how to install. */
export interface NoBinaryRun {
  id: HostId & PluginHost;
  title: string;
  install(box: HostSandbox, fake: FakeModel): void;
  shell: (command: string) => ToolStep;
  args(prompt: string): string[];
  env(box: HostSandbox, fake: FakeModel): Record<string, string>;
}

export function describeNoBinary(def: NoBinaryRun): void {
  const cmd = hostCommand(def.id);
  describe(`${def.title} ${HOSTS[def.id].version}: the plugin installed and no ctxmode binary`, () => {
    if (typeof cmd === "string") {
      test.skip(`(skipped: ${cmd})`, () => {});
      return;
    }
    let box: HostSandbox;
    let fake: FakeModel;
    let run: HostRun;
    beforeAll(async () => {
      // tee: the file shows the command ran even when a host's own capture comes back empty under load (Qwen Code, once).
      fake = startFakeModel({ steps: [def.shell("printf 'still-%s-working\\n' 42 | tee still-working.txt")], finalText: FINAL_TEXT });
      box = makeSandbox(`${def.id}-nobinary`);
      def.install(box, fake);
      run = await runHost(cmd, def.args("Run one command."), { cwd: box.project, env: hostEnv(box, cmd, def.env(box, fake)), timeoutMs: 90_000 });
    }, 150_000);
    afterAll(() => {
      fake?.stop();
      if (box) rmSync(box.root, { recursive: true, force: true });
    });
    test("the session runs: the shell call goes through untouched and the host exits 0", () => {
      const results = fake.conversation().flatMap((r) => r.parsed.toolResults);
      const ran = results.some((t) => t.includes("still-42-working")) || readIfThere(join(box.project, "still-working.txt")).includes("still-42-working");
      if (!ran || results.length === 0 || run.code !== 0)
        throw new Error(`tool results: ${JSON.stringify(results).slice(0, 1500)}\n${describeRun(run)}\n${describeTraffic(fake)}`);
    });
    test("SessionStart tells the model the one command that installs ctxmode", () => {
      const context = unescapeHtml(contextSeen(fake));
      if (!context.includes(INSTALL_COMMAND)) throw new Error(`the model was never told how to install ctxmode:\n${context.slice(-2000)}`);
    });
  });
}

/**
 * The npm route (Pi, OpenCode): the `ctxmode` npm package as build/npm.ts writes it (the Node build,
 * no platform packages: the binary comes from ~/.ctxmode/bin), packed with `npm pack`, plus its one
 * dependency packed from node_modules, served by a local registry the host's npm client installs from.
 */
export function packNpmPackage(box: HostSandbox): RegistryPackage[] {
  const out = join(box.root, "npm");
  const { wrapperDir } = writeNpmPackages([], join(repoRoot, "dist", "node"), join(out, "packages"));
  const pack = (dir: string) => {
    const r = Bun.spawnSync(["npm", "pack", "--silent", "--pack-destination", out], { cwd: dir, stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`npm pack ${dir} failed: ${r.stderr}`);
    return { manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")), tarball: join(out, r.stdout.toString().trim().split("\n").pop()!) };
  };
  return [pack(wrapperDir), pack(join(repoRoot, "node_modules", "html-rewriter-wasm"))];
}

/** `hostCli` without blocking the event loop (the local registry answers from this process). */
export async function hostCliAsync(box: HostSandbox, id: HostId, args: string[], env: Record<string, string>): Promise<string> {
  const cmd = hostCommand(id);
  if (typeof cmd === "string") throw new Error(cmd);
  const run = await runHost(cmd, args, { cwd: box.project, env: hostEnv(box, cmd, env), timeoutMs: 120_000 });
  if (run.code !== 0) throw new Error(`${HOSTS[id].pkg} ${args.join(" ")} failed: ${describeRun(run)}`);
  return `${run.stdout}\n${run.stderr}`;
}

/** The npm route's install, the one-route checks, update and remove, against a local registry. */
export interface NpmLifecycle {
  id: HostId;
  title: string;
  env(box: HostSandbox, registry: LocalRegistry): Record<string, string>;
  install: string[];
  update: string[];
  /** The host's remove command, when it has one. */
  remove?: string[];
  leftovers?: { path: RegExp; why: string }[];
}

export function describeNpmLifecycle(def: NpmLifecycle): void {
  const cmd = hostCommand(def.id);
  describe(`${def.title} ${HOSTS[def.id].version}: the npm package installed, updated and removed with the host's own commands`, () => {
    if (typeof cmd === "string") {
      test.skip(`(skipped: ${cmd})`, () => {});
      return;
    }
    let box: HostSandbox;
    let registry: LocalRegistry;
    beforeAll(() => {
      box = makeSandbox(`${def.id}-npm-lifecycle`);
      registry = startRegistry(packNpmPackage(box));
    });
    afterAll(() => {
      registry?.stop();
      if (box) rmSync(box.root, { recursive: true, force: true });
    });
    test(`setup leaves it alone, doctor names the route${def.remove ? ", and remove leaves nothing of ctxmode's in HOME" : ""}`, async () => {
      await hostCliAsync(box, def.id, def.install, def.env(box, registry));
      const setup = ctxmodeCli(box, ["setup", "--yes", "--agents", def.id]);
      expect(setup.stdout).toContain("plugin manager; setup adds nothing");
      const doctor = ctxmodeCli(box, ["doctor", "--json", "--agents", def.id]);
      const row = JSON.parse(doctor.stdout).checks.find((c: { name: string }) => c.name === `${def.id}/config`);
      expect(row).toMatchObject({ status: "PASS", detail: expect.stringContaining("plugin manager") });
      rmSync(box.dataDir, { recursive: true, force: true });
      await hostCliAsync(box, def.id, def.update, def.env(box, registry));
      if (!def.remove) return;
      await hostCliAsync(box, def.id, def.remove, def.env(box, registry));
      const left = ctxmodeTraces(box.home, box.root).filter((t) => !def.leftovers?.some((l) => l.path.test(t)));
      expect(left).toEqual([]);
    }, 240_000);
  });
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
