import { describe, expect, test } from "bun:test";
import { runCtx } from "../helpers/cli.ts";
import { makeProject, startServer } from "../mcp/helpers.ts";

type Scope = {
  label: string;
  calls: number;
  returned: number;
  keptOut: number;
  keptOutPercent: number;
  tokensKeptOut: number;
  tools: { tool: string; calls: number; returned: number; keptOut: number }[];
};

describe("ctxmode stats", () => {
  test("counts exactly the bytes an MCP session moved; another session shows zero", async () => {
    const project = makeProject();
    const server = await startServer(project, { CTXMODE_SESSION: "stats-a" });
    const reply = await server.call("ctx_execute", { language: "shell", code: "seq 1 20000", intent: "the last number" });
    expect(reply.isError).toBe(false);
    await server.close();

    const stats = (session: string) => {
      const r = runCtx(["stats", "--json", "--session", session, "--project", project.dir], { dataDir: project.dataDir, cwd: project.dir });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as { scopes: Scope[] };
    };
    const [session, proj, all] = stats("stats-a").scopes;
    const exec = session!.tools.find((t) => t.tool === "ctx_execute")!;
    expect(exec).toMatchObject({ calls: 1, returned: Buffer.byteLength(reply.text) });
    // `seq 1 20000` prints 108,894 bytes; what did not come back was kept out.
    expect(exec.keptOut).toBeGreaterThan(100_000);
    expect(session!.tokensKeptOut).toBe(Math.round(session!.keptOut / 4));
    expect(proj!.keptOut).toBe(session!.keptOut);
    expect(all!.keptOut).toBe(session!.keptOut);

    const other = stats("stats-b").scopes[0]!;
    expect(other).toMatchObject({ calls: 0, returned: 0, keptOut: 0, keptOutPercent: 0, tools: [] });
  }, 60_000);

  test("a fresh data dir: zeros, and plain text says no calls yet", () => {
    const project = makeProject();
    const r = runCtx(["stats", "--project", project.dir], { dataDir: project.dataDir, cwd: project.dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("all projects: 0% kept out");
    expect(r.stdout).toContain("no ctx calls yet");
  });
});
