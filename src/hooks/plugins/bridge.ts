import { spawn } from "node:child_process";

/** How an in-process plugin reaches ctxmode: the command that runs the binary (setup bakes in its path). */
export interface BridgeOptions {
  /** argv prefix, e.g. ["/home/me/.local/bin/ctxmode"]. */
  command: string[];
  /** Longest a hook call may take before the plugin carries on without it (ms). */
  timeoutMs?: number;
  env?: Record<string, string | undefined>;
}

/** What `ctxmode hook opencode|pi <event>` answers (src/hooks/hosts/plugin-reply.ts). */
export interface PluginReply {
  action?: "deny" | "replace";
  reason?: string;
  output?: string;
  context?: string;
}

/**
 * Runs `ctxmode hook <host> <event>` with `payload` on stdin and returns its JSON answer. Never
 * rejects: a missing binary, a crash, a timeout or garbage on stdout all mean `{}` (let the call
 * through), because a plugin must not break its host either.
 */
export function callHook(options: BridgeOptions, host: string, event: string, payload: unknown): Promise<PluginReply> {
  return new Promise((resolve) => {
    const [cmd, ...args] = options.command;
    if (!cmd) return resolve({});
    let out = "";
    let settled = false;
    const done = (reply: PluginReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(reply);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(cmd, [...args, "hook", host, event], { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, ...options.env } });
    } catch {
      return resolve({});
    }
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      done({});
    }, options.timeoutMs ?? 6_000);
    child.on("error", () => done({}));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (out.length < 4 * 1024 * 1024) out += chunk.toString("utf8");
    });
    child.on("close", () => {
      try {
        const parsed: unknown = JSON.parse(out || "{}");
        done(typeof parsed === "object" && parsed !== null ? (parsed as PluginReply) : {});
      } catch {
        done({});
      }
    });
    child.stdin?.on("error", () => {});
    child.stdin?.end(JSON.stringify(payload));
  });
}
