import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../config/config.ts";
import { VERSION } from "../config/constants.ts";
import { CtxError, errorMessage } from "../errors.ts";
import { explainStoreError } from "../store/db-errors.ts";
import { ToolContext } from "./context.ts";
import { byteLength } from "./format.ts";
import { startLiveMarker } from "../hooks/liveness.ts";
import { watchLifecycle } from "./lifecycle.ts";
import { allTools, listEntry } from "./registry.ts";
import { recordCall } from "./tool-stats.ts";
import { describeIssues, type ToolDef, type ToolReply } from "./tool.ts";

/** After shutdown, how long anything left (a stuck pipe, a timer) may keep the process alive. */
const EXIT_GRACE_MS = 3_000;

/**
 * Runs the MCP server on stdio until the host goes away (stdin closes, the parent dies, or a
 * SIGTERM/SIGINT arrives). One server process is one agent session. The database is opened on
 * the first call that needs it; running calls are cancelled (process trees killed) on shutdown.
 */
export async function runServer(config: Config): Promise<void> {
  const ctx = new ToolContext(config);
  const tools = allTools(config);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const shutdown = new AbortController();
  const server = new Server({ name: "ctxmode", version: VERSION }, { capabilities: { tools: {} } });

  let list: { tools: ReturnType<typeof listEntry>[] } | undefined;
  server.setRequestHandler(ListToolsRequestSchema, () => (list ??= { tools: tools.map(listEntry) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const signal = AbortSignal.any([extra.signal, shutdown.signal]);
    const name = request.params.name;
    const tool = byName.get(name);
    const started = performance.now();
    const reply = tool
      ? await callTool(tool, request.params.arguments ?? {}, ctx, signal)
      : { text: `unknown tool ${name}; use one of ${tools.map((t) => t.name).join(", ")}`, isError: true, keptOut: 0 };
    if (tool) await recordStats(ctx, name, reply, performance.now() - started);
    const result: CallToolResult = { content: [{ type: "text", text: reply.text }] };
    if (reply.isError) result.isError = true;
    return result;
  });

  const stopped = new Promise<string>((resolve) => {
    const stopWatching = watchLifecycle(resolve);
    server.onclose = () => {
      stopWatching();
      resolve("transport closed");
    };
  });
  await server.connect(new StdioServerTransport());
  // Hooks deny a wasteful call only while a server can take the ctx_* call they name.
  const releaseLive = startLiveMarker(config);
  const reason = await stopped;
  releaseLive();
  if (config.env.CTXMODE_DEBUG) process.stderr.write(`ctxmode: server stopping: ${reason}\n`);

  shutdown.abort();
  await server.close().catch(() => {});
  process.stdin.destroy();
  await ctx.close();
  // Whatever still holds the event loop (a grandchild's pipe, a slow close) must not keep an orphan alive.
  setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
}

/** Validates the arguments and runs the tool; every failure becomes one actionable sentence. */
async function callTool(tool: ToolDef, args: unknown, ctx: ToolContext, signal: AbortSignal): Promise<ToolReply> {
  const parsed = tool.schema.safeParse(args);
  if (!parsed.success) return { text: describeIssues(tool.name, parsed.error.issues), isError: true, keptOut: 0 };
  try {
    return await tool.run(parsed.data, ctx, signal);
  } catch (caught) {
    // A full or read-only disk surfaces from SQLite mid-write: name the folder and the fix.
    const err = explainStoreError(caught, ctx.config.dataDir) ?? caught;
    const text = err instanceof CtxError ? `${tool.name}: ${err.message}` : `${tool.name} failed: ${errorMessage(err)}`;
    return { text, isError: true, keptOut: 0 };
  }
}

/** Persists the call's byte counts and milliseconds; a stats write must never break a reply. */
async function recordStats(ctx: ToolContext, tool: string, reply: ToolReply, ms: number): Promise<void> {
  try {
    const { db } = await ctx.store();
    recordCall(db, ctx.session, tool, byteLength(reply.text), reply.keptOut, ms);
  } catch (err) {
    process.stderr.write(`ctxmode: could not record stats for ${tool}: ${errorMessage(err)}\n`);
  }
}
