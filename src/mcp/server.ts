import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { collectGarbage } from "#process";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../config/config.ts";
import { VERSION } from "../config/constants.ts";
import { CtxError, errorMessage } from "../errors.ts";
import { explainStoreError } from "../store/db-errors.ts";
import { ToolContext } from "./context.ts";
import { guardStdin } from "./stdin-guard.ts";
import { byteLength } from "./format.ts";
import { startLiveMarker } from "../session/liveness.ts";
import { watchLifecycle } from "./lifecycle.ts";
import { toolList } from "./tool-list.ts";
import { describeIssues, type ToolDef, type ToolReply } from "./tool.ts";
import { AjvJsonSchemaValidator } from "./no-schema-validator.ts";

/** Largest JSON-RPC message read; the SDK's stdio transport gives up the whole connection past 10 MiB. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** After shutdown, how long anything left (a stuck pipe, a timer) may keep the process alive. */
const EXIT_GRACE_MS = 3_000;

/**
 * Runs the MCP server on stdio until the host goes away (stdin closes, the parent dies, or a
 * SIGTERM/SIGINT arrives). One server process is one agent session. The database is opened on
 * the first call that needs it; running calls are cancelled (process trees killed) on shutdown.
 */
export async function runServer(config: Config): Promise<void> {
  const ctx = new ToolContext(config);
  // The tool modules (and what they import) load with the first call, not at start.
  let byName: Promise<Map<string, ToolDef>> | undefined;
  const tools = () => (byName ??= import("./registry.ts").then(({ allTools }) => new Map(allTools(config).map((t) => [t.name, t]))));
  const shutdown = new AbortController();
  // The SDK's default validator is Ajv, needed only for elicitation, which ctxmode never uses.
  const server = new Server({ name: "ctxmode", version: VERSION }, { capabilities: { tools: {} }, jsonSchemaValidator: new AjvJsonSchemaValidator() });

  const between: BetweenCalls = new BetweenCalls(() => ctx.flushWaiting(() => between.busy));
  let list: Promise<{ tools: any[] }> | undefined;
  server.setRequestHandler(ListToolsRequestSchema, () => (list ??= toolList(config).then((entries) => ({ tools: entries }))));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const signal = AbortSignal.any([extra.signal, shutdown.signal]);
    between.beginCall();
    let tool: ToolDef | undefined;
    try {
      const name = request.params.name;
      const known = await tools();
      tool = known.get(name);
      const started = performance.now();
      const reply = tool
        ? await callTool(tool, request.params.arguments ?? {}, ctx, signal)
        : { text: `unknown tool ${name}; use one of ${[...known.keys()].join(", ")}`, isError: true, keptOut: 0 };
      if (tool) await recordStats(ctx, name, reply, performance.now() - started);
      const result: CallToolResult = { content: [{ type: "text", text: reply.text }] };
      if (reply.isError) result.isError = true;
      return result;
    } finally {
      // After the reply is written: bound the WAL and the FTS5 segments before the next request.
      const ran = tool !== undefined;
      setTimeout(() => {
        if (ran) void ctx.maintain();
        between.afterCall(ctx.indexing);
      }, 0);
    }
  });

  const stopped = new Promise<string>((resolve) => {
    const stopWatching = watchLifecycle(resolve);
    server.onclose = () => {
      stopWatching();
      resolve("transport closed");
    };
  });
  // One message too big for the SDK's buffer would close the connection: it is refused on its own.
  const stdin = guardStdin(process.stdin, MAX_MESSAGE_BYTES, ({ bytes, id }) => {
    if (config.debug) process.stderr.write(`ctxmode: dropped a ${bytes}-byte message\n`);
    if (id === undefined) return;
    const message = `the request is ${(bytes / 1024 / 1024).toFixed(1)} MB, over the ${MAX_MESSAGE_BYTES / 1024 / 1024} MB a message may hold; write big content to a file in the project and pass its path`;
    process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32600, message } })}\n`);
  });
  await server.connect(new StdioServerTransport(stdin));
  // Hooks deny a wasteful call only while a server can take the ctx_* call they name.
  const releaseLive = startLiveMarker(config);
  const reason = await stopped;
  releaseLive();
  if (config.debug) process.stderr.write(`ctxmode: server stopping: ${reason}\n`);

  shutdown.abort();
  await server.close().catch(() => {});
  process.stdin.destroy();
  await ctx.close();
  // Whatever still holds the event loop (a grandchild's pipe, a slow close) must not keep an orphan alive.
  setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
}

/** RSS above the level the last full collection left that makes the next call's end collect again. */
const HEAP_SLACK_BYTES = 24 * 1024 * 1024;
/** RSS above the last collection's level that an idle server gives back. */
const IDLE_SLACK_BYTES = 1024 * 1024;
/** A server this long without a call does its deferred work: the agent is thinking, nothing waits on it. */
const IDLE_MS = 250;

/**
 * Work for the moments between calls: `idleWork` (the full-text rows ctx_index left waiting),
 * then giving the memory of finished calls back. Left to itself the collector let a busy server
 * sit 40-100 MB above what it holds (strings of indexed files, spool buffers, child output); a
 * full collection costs ~15 ms, so it runs when the server goes idle with IDLE_SLACK_BYTES to give
 * back, or at a call's end when RSS has climbed HEAP_SLACK_BYTES above where the last one left it.
 */
class BetweenCalls {
  #settled = process.memoryUsage.rss();
  #idle: ReturnType<typeof setTimeout> | undefined;
  #running = 0;

  constructor(private readonly idleWork: () => Promise<void>) {}

  /** A call is running. */
  get busy(): boolean {
    return this.#running > 0;
  }

  beginCall(): void {
    this.#running++;
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = undefined;
  }

  /**
   * `indexing`: the spool worker is still writing what the last calls gave it. That memory is in
   * use, not garbage, and a collection mid-run cost a run of 256 KB ctx_index calls a tenth of
   * its time: then only four times the slack collects.
   */
  afterCall(indexing = false): void {
    this.#running = Math.max(0, this.#running - 1);
    if (process.memoryUsage.rss() > this.#settled + (indexing ? 4 : 1) * HEAP_SLACK_BYTES) this.collect();
    // Idle means no call in flight: a long ctx_execute beside a short call is not a pause.
    if (this.#running > 0) return;
    this.#idle = setTimeout(() => {
      this.#idle = undefined;
      void this.idleWork().then(() => {
        // A collection also drops warm caches and compiled code the next call would reuse: only when there is garbage worth it.
        if (process.memoryUsage.rss() > this.#settled + IDLE_SLACK_BYTES) this.collect();
      });
    }, IDLE_MS);
    this.#idle.unref();
  }

  collect(): void {
    collectGarbage();
    this.#settled = process.memoryUsage.rss();
  }
}

/** Validates the arguments and runs the tool; every failure becomes one actionable sentence. */
async function callTool(tool: ToolDef, args: unknown, ctx: ToolContext, signal: AbortSignal): Promise<ToolReply> {
  const refused = refuseArguments(tool, args);
  if (refused) return { text: refused, isError: true, keptOut: 0 };
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

/** Most bytes one string argument may hold: a model writes far less; bigger content belongs in a file. */
const MAX_ARG_BYTES = 1024 * 1024;

/**
 * What the schemas do not say: a field the tool does not know (a misspelt `querys` would
 * otherwise be dropped in silence) and a string too big for any call. Undefined when fine.
 */
function refuseArguments(tool: ToolDef, args: unknown): string | undefined {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return `${tool.name}: the arguments must be an object; check the tool's input schema`;
  const shape = (tool.schema as { shape?: Record<string, unknown> }).shape;
  const unknown = shape ? Object.keys(args).filter((k) => !Object.hasOwn(shape, k)) : [];
  if (unknown.length) {
    const known = Object.keys(shape!);
    return `${tool.name}: unknown field${unknown.length > 1 ? "s" : ""} ${unknown
      .slice(0, 5)
      .map((k) => `\`${k.slice(0, 40)}\``)
      .join(", ")}; ${known.length ? `use ${known.map((k) => `\`${k}\``).join(", ")}` : "it takes no arguments"}`;
  }
  const big = largestString(args, 0);
  if (big && big.bytes > MAX_ARG_BYTES) {
    return `${tool.name}: \`${big.path}\` is ${(big.bytes / 1024 / 1024).toFixed(1)} MB, over the 1 MB a field may hold; write the content to a file in the project and pass its path`;
  }
  return undefined;
}

/** The longest string anywhere in `value` (a few levels deep) and where it is. */
function largestString(value: unknown, depth: number, path = ""): { path: string; bytes: number } | undefined {
  if (typeof value === "string") return { path, bytes: Buffer.byteLength(value) };
  if (typeof value !== "object" || value === null || depth > 4) return undefined;
  let best: { path: string; bytes: number } | undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = largestString(v, depth + 1, path ? `${path}.${k}` : k);
    if (found && (!best || found.bytes > best.bytes)) best = found;
  }
  return best;
}

/** Persists the call's byte counts and milliseconds; a stats write must never break a reply. */
async function recordStats(ctx: ToolContext, tool: string, reply: ToolReply, ms: number): Promise<void> {
  try {
    await ctx.recordCall(tool, byteLength(reply.text), reply.keptOut, ms);
  } catch (err) {
    process.stderr.write(`ctxmode: could not record stats for ${tool}: ${errorMessage(err)}\n`);
  }
}
