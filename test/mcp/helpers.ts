import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterAll } from "bun:test";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

/** A temp project (with `.git`) and data dir for one server. */
export interface TestProject {
  dir: string;
  dataDir: string;
}

export function makeProject(settings?: unknown): TestProject {
  const root = tempDir("ctxmode-mcp-");
  const dir = join(root, "proj");
  mkdirSync(join(dir, ".git"), { recursive: true });
  if (settings !== undefined) {
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude", "settings.json"), JSON.stringify(settings));
  }
  return { dir, dataDir: join(root, "data") };
}

/** Environment of a server: the test's own, with data and project dirs moved into the temp tree. */
export function serverEnv(project: TestProject, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("CTXMODE_")) env[k] = v;
  // A home without settings, so the user's own ~/.claude rules do not change test outcomes; the
  // toolchains that find themselves through HOME (pyenv shims, rustup) keep their real homes.
  const realHome = homedir();
  const home = join(project.dataDir, "..", "home");
  mkdirSync(home, { recursive: true });
  const toolHomes = {
    PYENV_ROOT: env.PYENV_ROOT ?? join(realHome, ".pyenv"),
    RUSTUP_HOME: env.RUSTUP_HOME ?? join(realHome, ".rustup"),
    CARGO_HOME: env.CARGO_HOME ?? join(realHome, ".cargo"),
  };
  return { ...env, ...toolHomes, HOME: home, CTXMODE_DATA_DIR: project.dataDir, CTXMODE_PROJECT_DIR: project.dir, ...extra };
}

export interface ToolResult {
  text: string;
  isError: boolean;
}

/** A connected SDK client talking to the built binary over stdio. */
export interface TestServer {
  client: Client;
  pid: number;
  project: TestProject;
  call(name: string, args: Record<string, unknown>, options?: { signal?: AbortSignal; timeout?: number }): Promise<ToolResult>;
  /** The last 8 KB the server wrote to stderr. */
  stderr(): string;
  close(): Promise<void>;
}

/** Starts `dist/ctxmode serve` (run `bun run build` first) in `project.dir`; closed after the file's tests. */
export async function startServer(project = makeProject(), extraEnv: Record<string, string> = {}, args = ["serve"]): Promise<TestServer> {
  if (!existsSync(binary)) throw new Error(`${binary} is missing; run \`bun run build\` first`);
  const transport = new StdioClientTransport({
    command: binary,
    args,
    cwd: project.dir,
    env: serverEnv(project, extraEnv),
    stderr: "pipe",
  });
  // Drained so a chatty server never blocks on a full pipe; kept for failure messages.
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_192);
  });
  const client = new Client({ name: "ctxmode-test", version: "1.0.0" });
  await client.connect(transport);
  const pid = transport.pid!;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.close();
  };
  afterAll(close);
  return {
    client,
    pid,
    project,
    close,
    stderr: () => stderr,
    async call(name, args, options = {}) {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        signal: options.signal,
        timeout: options.timeout ?? 60_000,
      });
      const content = result.content as { type: string; text: string }[];
      return { text: content.map((c) => c.text).join(""), isError: result.isError === true };
    },
  };
}

/** True while `pid` exists and is not a zombie (a reaped or zombie process is gone for our purposes). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Live processes whose command line contains `marker`. */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (cmd.includes(marker) && isAlive(Number(entry))) found.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** Polls `check` every 50 ms until it is true or `ms` passed; returns the last result. */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await Bun.sleep(50);
  }
  return check();
}

/** The first line of a reply, where the byte counts are. */
export function firstLine(text: string): string {
  return text.split("\n", 1)[0]!;
}

/** The label a reply says the output was indexed as. */
export function indexedLabel(text: string): string {
  const m = /indexed as "([^"]+)"/.exec(text);
  if (!m) throw new Error(`no indexed label in: ${firstLine(text)}`);
  return m[1]!;
}
