import { runSync, startChild } from "#process";

/**
 * Proof that what setup wrote works: the hook line answers a sample payload, and the MCP server
 * answers `initialize`. Both run the real binary the host will run.
 */

/**
 * Runs `<binary> hook <host> <event>` with a minimal payload; returns why it failed, or undefined.
 * The reply must be JSON unless the host reads `plain` text.
 */
export function probeHook(
  binary: string,
  host: string,
  event: string,
  env: Record<string, string | undefined>,
  cwd: string,
  plain = false,
): string | undefined {
  const payload = JSON.stringify({ session_id: "ctxmode-setup-probe", cwd, hook_event_name: event, source: "startup" });
  const r = runSync([binary, "hook", host, event], { stdin: new TextEncoder().encode(payload), env, cwd, timeout: 15_000 });
  if (r.exitCode !== 0) return `\`${binary} hook ${host} ${event}\` exited ${r.exitCode ?? "on a timeout"}: ${r.stderr.trim().slice(0, 200)}`;
  const out = r.stdout.trim();
  if (out === "" || plain) return undefined;
  try {
    JSON.parse(out);
    return undefined;
  } catch {
    return `\`${binary} hook ${host} ${event}\` printed something that is not JSON: ${out.slice(0, 120)}`;
  }
}

/** Starts `<binary> serve` and sends `initialize`; returns why it failed, or undefined. */
export async function probeMcp(binary: string, env: Record<string, string | undefined>, cwd: string, timeoutMs = 15_000): Promise<string | undefined> {
  const proc = startChild([binary, "serve"], { env, cwd });
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ctxmode-setup", version: "1" } },
  };
  proc.write(JSON.stringify(init) + "\n");
  const timer = setTimeout(() => proc.kill(), timeoutMs);
  try {
    const reader = proc.stdout.getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return `\`${binary} serve\` closed before answering initialize`;
      buf += new TextDecoder().decode(value);
      const nl = buf.indexOf("\n");
      if (nl < 0) continue;
      const reply = JSON.parse(buf.slice(0, nl)) as { result?: { serverInfo?: { name?: string } } };
      return reply.result?.serverInfo ? undefined : `\`${binary} serve\` answered initialize without serverInfo`;
    }
  } catch (err) {
    return `\`${binary} serve\` did not answer initialize: ${String(err)}`;
  } finally {
    clearTimeout(timer);
    proc.kill();
  }
}
