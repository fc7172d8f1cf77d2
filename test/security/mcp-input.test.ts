import { expect, test } from "bun:test";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { figure } from "../helpers/figures.ts";
import { isAlive, startServer } from "../mcp/helpers.ts";

type PropSchema = { type?: string | string[]; enum?: unknown[]; anyOf?: PropSchema[]; items?: PropSchema };

/** Values of every JSON type but the one(s) the property takes, and arrays of the wrong item type. */
function wrongValues(schema: PropSchema): unknown[] {
  const typesOf = (s: PropSchema) => new Set([s.type, ...(s.anyOf ?? []).map((a) => a.type)].flat().filter(Boolean) as string[]);
  const types = typesOf(schema);
  const samples: [string, unknown][] = [
    ["number", 42],
    ["number", 1.5],
    ["string", "7"],
    ["string", ""],
    ["boolean", true],
    ["array", ["a"]],
    ["array", [[[]]]],
    ["object", { n: 1 }],
    ["null", null],
  ];
  const out = samples.filter(([t, v]) => !types.has(t) && !(t === "number" && types.has("integer") && Number.isInteger(v))).map(([, v]) => v);
  if (types.has("integer")) out.push(1.5);
  if (schema.enum) out.push("not-one-of-them");
  const items = schema.items ?? schema.anyOf?.find((a) => a.items)?.items;
  if (items) {
    const itemTypes = typesOf(items);
    out.push(itemTypes.has("number") ? ["x"] : [42], [null]);
  }
  return out;
}

/** A clean error: flagged, one short paragraph, no stack trace. */
function clean(r: { isError: boolean; text: string }): boolean {
  return r.isError && r.text.length > 0 && r.text.length < 1_000 && !/\n\s+at |TypeError|undefined is not/.test(r.text);
}

test("every tool: wrong types, unknown fields, 10 MB strings and non-object arguments get clean isError replies; the server stays up", async () => {
  const server = await startServer();
  const { tools } = await server.client.listTools();
  const bad: unknown[] = [];
  let tried = 0;
  const attempt = async (tool: string, args: unknown, what: string) => {
    tried++;
    try {
      const result = await server.client.request(
        { method: "tools/call", params: { name: tool, arguments: args as Record<string, unknown> } },
        CallToolResultSchema,
        { timeout: 30_000 },
      );
      const r = { isError: result.isError === true, text: (result.content as { text: string }[]).map((c) => c.text).join("") };
      if (!clean(r)) bad.push({ tool, what, reply: r.text.slice(0, 300), isError: r.isError });
    } catch (err) {
      // A JSON-RPC "invalid params" answer from the protocol layer is clean as well; a timeout is not.
      if (!/-32602|-32600|Invalid/i.test(String(err))) bad.push({ tool, what, error: String(err).slice(0, 300) });
    }
  };
  const big = "x".repeat(10 * 1024 * 1024);
  for (const tool of tools) {
    const props = (tool.inputSchema.properties ?? {}) as Record<string, PropSchema>;
    for (const [name, schema] of Object.entries(props)) {
      for (const value of wrongValues(schema)) await attempt(tool.name, { [name]: value }, `${name}=${JSON.stringify(value)}`);
      if ([schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].includes("string")) await attempt(tool.name, { [name]: big }, `${name}: 10 MB`);
      if (schema.type === "array") await attempt(tool.name, { [name]: [big] }, `${name}: [10 MB]`);
    }
    await attempt(tool.name, { bogus_field: 1 }, "unknown field");
    await attempt(tool.name, { ...Object.fromEntries(Object.keys(props).map((k) => [k, undefined])), __proto__x: 1, constructor: "x" }, "prototype-ish fields");
    for (const args of [[1, 2], "ctx", 42, null]) await attempt(tool.name, args, `arguments ${JSON.stringify(args)}`);
  }
  // The 10 MB case that matters most: code to run.
  await attempt("ctx_execute", { language: "shell", code: `echo ${big}` }, "10 MB of code");
  await attempt("ctx_index", { text: big, source: "huge" }, "10 MB of text");
  expect(bad).toEqual([]);

  // Still serving, and still the same process.
  expect(isAlive(server.pid)).toBe(true);
  expect((await server.call("ctx_execute", { language: "shell", code: "echo still here" })).text).toContain("still here");
  expect((await server.client.listTools()).tools.length).toBe(tools.length);
  figure("mcp.bad_inputs", tried);
  figure("mcp.tools", tools.length);
}, 120_000);
