import { spawn, type ChildProcess } from "node:child_process";

/** One MCP tool as tools/list describes it. */
interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

interface McpCallResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
}

/**
 * A minimal MCP client over stdio (newline-delimited JSON-RPC), for hosts without MCP (Pi): it
 * starts `ctxmode serve`, lists the tools and calls them. No SDK, so the plugin loads in any
 * runtime the host uses.
 */
export class McpClient {
  #child?: ChildProcess;
  #nextId = 1;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #buffer = "";
  #ready?: Promise<void>;
  readonly command: string[];
  readonly cwd: string;
  readonly env?: Record<string, string | undefined>;

  constructor(command: string[], cwd: string, env?: Record<string, string | undefined>) {
    this.command = command;
    this.cwd = cwd;
    this.env = env;
  }

  /** Starts the server and completes the MCP handshake (once; again after the server exited). */
  start(): Promise<void> {
    this.#ready ??= this.#spawn().catch((err: unknown) => {
      this.#ready = undefined;
      throw err;
    });
    return this.#ready;
  }

  async listTools(): Promise<McpTool[]> {
    await this.start();
    const result = (await this.#request("tools/list", {})) as { tools?: McpTool[] };
    return result.tools ?? [];
  }

  async callTool(name: string, args: unknown, signal?: AbortSignal): Promise<McpCallResult> {
    await this.start();
    const id = this.#nextId;
    const onAbort = () => this.#notify("notifications/cancelled", { requestId: id, reason: "cancelled by the user" });
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      return (await this.#request("tools/call", { name, arguments: args ?? {} })) as McpCallResult;
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  close(): void {
    const child = this.#child;
    this.#child = undefined;
    this.#ready = undefined;
    child?.stdin?.end();
    child?.kill("SIGTERM");
  }

  async #spawn(): Promise<void> {
    const [cmd, ...args] = this.command;
    if (!cmd) throw new Error("no ctxmode command configured");
    const child = spawn(cmd, [...args, "serve"], { cwd: this.cwd, stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, ...this.env } });
    this.#child = child;
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => this.#onData(chunk));
    child.on("exit", () => {
      if (this.#child === child) {
        this.#child = undefined;
        this.#ready = undefined;
      }
      for (const p of this.#pending.values()) p.reject(new Error("ctxmode server exited"));
      this.#pending.clear();
    });
    child.on("error", (err) => {
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
    });
    child.stdin?.on("error", () => {});
    await this.#request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ctxmode-bridge", version: "1" } });
    this.#notify("notifications/initialized", {});
  }

  #request(method: string, params: unknown): Promise<unknown> {
    const child = this.#child;
    if (!child?.stdin) return Promise.reject(new Error("ctxmode server is not running"));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  #notify(method: string, params: unknown): void {
    this.#child?.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);
  }

  #onData(chunk: string): void {
    this.#buffer += chunk;
    let nl: number;
    while ((nl = this.#buffer.indexOf("\n")) >= 0) {
      const line = this.#buffer.slice(0, nl).trim();
      this.#buffer = this.#buffer.slice(nl + 1);
      if (!line) continue;
      let msg: { id?: number; result?: unknown; error?: { message?: string } };
      try {
        msg = JSON.parse(line);
      } catch {
        continue;
      }
      if (typeof msg.id !== "number") continue;
      const pending = this.#pending.get(msg.id);
      if (!pending) continue;
      this.#pending.delete(msg.id);
      if (msg.error) pending.reject(new Error(msg.error.message ?? "MCP error"));
      else pending.resolve(msg.result);
    }
  }
}
