import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import { allTools, HINT_DEFAULTS } from "../../src/mcp/registry.ts";
import { startServer } from "./helpers.ts";

const defs = allTools(loadConfig({}));

describe("MCP server surface", async () => {
  const server = await startServer();

  test("`ctxmode` with no arguments and piped stdin is the MCP server", async () => {
    const bare = await startServer(undefined, {}, []);
    try {
      expect((await bare.client.listTools()).tools.map((t) => t.name)).toContain("ctx_search");
    } finally {
      await bare.close();
    }
  });

  test("tools/list stays within 5,000 bytes", async () => {
    const list = await server.client.listTools();
    const bytes = Buffer.byteLength(JSON.stringify(list));
    expect(bytes).toBeLessThanOrEqual(5_000);
  });

  test("tool names and input schema properties (public surface snapshot)", async () => {
    const { tools } = await server.client.listTools();
    const surface = Object.fromEntries(
      tools.map((t) => [t.name, { properties: Object.keys(t.inputSchema.properties ?? {}), required: t.inputSchema.required ?? [] }]),
    );
    expect(surface).toEqual({
      ctx_execute: { properties: ["language", "code", "file", "intent", "timeout", "cwd"], required: ["language", "code"] },
      ctx_batch: { properties: ["commands", "queries", "timeout", "cwd"], required: ["commands"] },
      ctx_index: { properties: ["path", "text", "source", "url", "urls", "concurrency", "ttl", "force"], required: [] },
      ctx_search: { properties: ["queries", "limit", "source", "scope", "contentType", "memory"], required: ["queries"] },
      ctx_stats: { properties: [], required: [] },
      ctx_purge: { properties: ["scope", "source", "session", "confirm"], required: ["scope", "confirm"] },
      ctx_resume: { properties: ["seq"], required: [] },
      ctx_doctor: { properties: [], required: [] },
      ctx_upgrade: { properties: ["apply"], required: [] },
    });
  });

  test("every field is described, every tool has a title and its four hints", async () => {
    const { tools } = await server.client.listTools();
    for (const t of tools) {
      expect(t.title).toBeTruthy();
      expect(t.inputSchema).not.toHaveProperty("$schema");
      for (const [name, prop] of Object.entries(t.inputSchema.properties ?? {})) {
        expect({ name, description: (prop as { description?: string }).description }).toMatchObject({ description: expect.any(String) });
      }
      // Hints equal to MCP's defaults are left out of the list; what a client reads must be each tool's own.
      const declared = defs.find((d) => d.name === t.name)!.annotations;
      const effective = { ...HINT_DEFAULTS, ...t.annotations };
      for (const hint of ["readOnlyHint", "openWorldHint"] as const)
        expect({ tool: t.name, hint, value: effective[hint] }).toEqual({ tool: t.name, hint, value: declared[hint] });
      if (!declared.readOnlyHint) {
        for (const hint of ["destructiveHint", "idempotentHint"] as const)
          expect({ tool: t.name, hint, value: effective[hint] }).toEqual({ tool: t.name, hint, value: declared[hint] });
      }
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const hint = (name: string, h: keyof typeof HINT_DEFAULTS) => ({ ...HINT_DEFAULTS, ...byName[name]!.annotations })[h];
    // Host approval prompts show the title: the code-running tools must say so.
    expect(byName.ctx_execute!.title).toMatch(/executes/);
    expect(byName.ctx_batch!.title).toMatch(/executes/);
    expect(hint("ctx_execute", "destructiveHint")).toBe(true);
    expect(hint("ctx_search", "readOnlyHint")).toBe(true);
    expect(hint("ctx_purge", "destructiveHint")).toBe(true);
  });

  test("invalid arguments answer isError with one actionable sentence", async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["ctx_execute", { language: "js" }, /`code` is required/],
      ["ctx_execute", { language: "cobol", code: "x" }, /unknown language "cobol"; use one of: javascript, typescript, python, shell/],
      ["ctx_execute", { language: "python", code: "   " }, /`code` is empty/],
      ["ctx_execute", { language: "shell", code: "echo", timeout: 10_000_000 }, /over the maximum of 600000 ms/],
      ["ctx_search", { queries: [] }, /`queries` must have at least 1 item/],
      ["ctx_search", { queries: ["x"], scope: "galaxy" }, /`scope` must be one of "session", "worktree", "project"/],
      ["ctx_search", { queries: ["x"], limit: 99 }, /`limit` must be at most 10/],
      ["ctx_batch", { commands: "ls" }, /`commands` must be an array/],
      ["ctx_index", {}, /pass exactly one of `path`, `text` or `url`/],
      ["ctx_purge", { scope: "project" }, /`confirm` is required/],
    ];
    for (const [tool, args, message] of cases) {
      const r = await server.call(tool, args);
      expect({ tool, isError: r.isError }).toEqual({ tool, isError: true });
      expect(r.text).toMatch(message);
      expect(r.text.split("\n")).toHaveLength(1);
    }
  });

  test("an unknown tool names the real ones", async () => {
    const r = await server.call("ctx_fly", {});
    expect(r.isError).toBe(true);
    expect(r.text).toContain("ctx_execute");
  });
});
