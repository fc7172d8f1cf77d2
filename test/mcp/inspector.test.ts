import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { makeProject, serverEnv } from "./helpers.ts";

/** A third-party client: the official MCP Inspector in CLI mode, pinned. */
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

/** Probed once: npx present and the pinned package runnable (from the npm cache, or fetched once). */
function probe(): string | undefined {
  if (!Bun.which("npx")) return "npx is not on PATH";
  const r = Bun.spawnSync(["npx", "--prefer-offline", "-y", INSPECTOR, "--cli", "--version"], { stdout: "pipe", stderr: "pipe", timeout: 120_000 });
  if (r.exitCode !== 0) return `${INSPECTOR} could not run: ${r.stderr.toString().trim().split("\n").pop()}`;
  return undefined;
}

const unavailable = probe();

describe("MCP Inspector CLI against the binary", () => {
  const project = makeProject();
  const env = serverEnv(project);
  const inspect = (args: string[]) => {
    const serverEnvArgs = ["CTXMODE_DATA_DIR", "CTXMODE_PROJECT_DIR", "HOME"].flatMap((k) => ["-e", `${k}=${env[k]}`]);
    const r = Bun.spawnSync(["npx", "--prefer-offline", "-y", INSPECTOR, "--cli", binary, ...serverEnvArgs, "--cwd", project.dir, ...args], {
      env: { ...process.env, MCP_CATALOG_PATH: join(project.dataDir, "..", "inspector-catalog.json") },
      stdout: "pipe",
      stderr: "pipe",
      timeout: 60_000,
    });
    return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
  };

  test.skipIf(unavailable !== undefined)(
    `tools/list and tools/call${unavailable ? ` (skipped: ${unavailable})` : ""}`,
    () => {
      const list = inspect(["--method", "tools/list"]);
      expect(list.code).toBe(0);
      const tools = JSON.parse(list.out).tools.map((t: { name: string }) => t.name);
      expect(tools).toEqual(["ctx_execute", "ctx_batch", "ctx_index", "ctx_search", "ctx_stats", "ctx_purge", "ctx_resume", "ctx_doctor", "ctx_upgrade"]);

      const indexed = inspect([
        "--method",
        "tools/call",
        "--tool-name",
        "ctx_index",
        "--tool-arg",
        "text=The flux capacitor needs 1.21 gigawatts.",
        "source=notes",
      ]);
      expect(indexed.code).toBe(0);
      expect(JSON.parse(indexed.out).content[0].text).toContain('indexed "notes"');

      const found = inspect(["--method", "tools/call", "--tool-name", "ctx_search", "--tool-arg", 'queries=["flux capacitor"]']);
      expect(found.code).toBe(0);
      const reply = JSON.parse(found.out);
      expect(reply.isError ?? false).toBe(false);
      expect(reply.content[0].text).toContain("1.21 gigawatts");
    },
    180_000,
  );
});
