/** One subject's MCP server over stdio, driven by the MCP SDK client, with timings and RSS. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Subject, ToolCall } from "./subjects.ts";

export interface Reply {
  text: string;
  bytes: number;
  isError: boolean;
  ms: number;
}

export class McpSession {
  private constructor(
    readonly subject: Subject,
    private readonly client: Client,
    private readonly transport: StdioClientTransport,
    /** Spawn to initialize to tools/list answered. */
    readonly coldStartMs: number,
    /** Bytes of the tools/list result as JSON: what a host puts in the model's context every session. */
    readonly toolsListBytes: number,
    readonly toolNames: string[],
  ) {}

  static async start(subject: Subject, env: Record<string, string>, cwd: string): Promise<McpSession> {
    const t0 = performance.now();
    const transport = new StdioClientTransport({ command: subject.server.command, args: subject.server.args, cwd, env, stderr: "ignore" });
    const client = new Client({ name: "ctxmode-bench", version: "1.0.0" });
    await client.connect(transport);
    const list = await client.listTools();
    const coldStartMs = performance.now() - t0;
    return new McpSession(
      subject,
      client,
      transport,
      coldStartMs,
      Buffer.byteLength(JSON.stringify(list.tools)),
      list.tools.map((t) => t.name),
    );
  }

  async call(call: ToolCall): Promise<Reply> {
    const t = performance.now();
    const r = await this.client.callTool({ name: call.name, arguments: call.args }, undefined, { timeout: 300_000 });
    const ms = performance.now() - t;
    const text = (r.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("");
    return { text, bytes: Buffer.byteLength(text), isError: Boolean(r.isError), ms };
  }

  /** Resident memory of the server process and its descendants (Linux /proc; 0 elsewhere). */
  rssBytes(): number {
    const pid = this.transport.pid;
    return pid ? treeRss(pid) : 0;
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => {});
  }
}

function treeRss(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(/\s+/) : []) total += treeRss(Number(child));
    }
  } catch {
    // The process is gone or this is not Linux.
  }
  return total;
}

/**
 * A connected MCP client to `binary serve` for one project, with HOME and the data dir under
 * `tmp` (the single-subject benches: retrieval replies, search latency).
 */
export async function connectCtxmode(binary: string, tmp: string, project: string, name: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: binary,
    args: ["serve"],
    cwd: project,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tmp, CTXMODE_DATA_DIR: join(tmp, "data"), CTXMODE_PROJECT_DIR: project },
    stderr: "ignore",
  });
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(transport);
  return client;
}
