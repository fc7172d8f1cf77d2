import { existsSync } from "node:fs";
import { join } from "node:path";
import { runSync } from "#process";
import type { Host, HostId } from "../hosts/index.ts";
import type { ReplyShape } from "../hosts/types.ts";
import type { HostSpec, SetupContext } from "./hosts.ts";
import { pluginInstalled } from "./plugin-route.ts";
import { planSetup, readOrNull } from "./setup.ts";
import { probeMcp } from "./verify.ts";

/** Same shape as doctor's rows (kept here so this module does not import the CLI). */
interface HostCheck {
  name: string;
  status: "PASS" | "WARN" | "FAIL";
  detail: string;
  fix?: string;
}

/**
 * How doctor recognises the deny reply of each reply shape (reference/hosts.md). The round trip
 * sends a command ctxmode always routes (with routing forced on) to the host's shell tool at its
 * first pre-tool event.
 */
const DENY_SHAPE: Record<ReplyShape, (out: string, code: number | null) => boolean> = {
  "claude-style": (o) => hookSpecificDeny(o),
  // Gemini reads `decision` only at the top level.
  gemini: (o) => parse(o)?.decision === "deny" && typeof parse(o)?.reason === "string",
  copilot: (o) => parse(o)?.permissionDecision === "deny",
  cursor: (o) => parse(o)?.permission === "deny" && typeof parse(o)?.agent_message === "string",
  // Kiro reads exit codes: 2 blocks the tool, stderr goes to the model.
  "exit-code": (_o, code) => code === 2,
  // The OpenCode plugin and the Pi extension get ctxmode's own plugin reply.
  plugin: (o) => parse(o)?.action === "deny" && typeof parse(o)?.reason === "string",
};

interface RoundTrip {
  event: string;
  tool: string;
  valid: (out: string, code: number | null) => boolean;
}

function roundTripOf(host: Host): RoundTrip | undefined {
  const pre = host.hook.events.find((e) => e.kind === "pre-tool");
  return pre && { event: pre.name.toLowerCase(), tool: host.tools.shell, valid: DENY_SHAPE[host.hook.reply] };
}

function parse(out: string): Record<string, any> | undefined {
  try {
    return JSON.parse(out) as Record<string, any>;
  } catch {
    return undefined;
  }
}

function hookSpecificDeny(out: string): boolean {
  const h = parse(out)?.hookSpecificOutput;
  return h?.hookEventName === "PreToolUse" && h.permissionDecision === "deny" && typeof h.permissionDecisionReason === "string";
}

/** Hosts doctor looks at: those named, else those setup registered and those with ctxmode's plugin installed. */
export function hostsToCheck(all: HostSpec[], dataDir: string, names?: string[], paths?: SetupContext["paths"]): HostSpec[] {
  if (names?.length) return all.filter((h) => names.includes(h.id));
  return all.filter((h) => existsSync(join(dataDir, "registered", h.id)) || (paths !== undefined && pluginInstalled(h.host, paths)));
}

/** Per host: config present and pointing at this binary, hook round trip; then one MCP handshake. */
export async function hostChecks(hosts: HostSpec[], ctx: SetupContext, env: Record<string, string | undefined>): Promise<HostCheck[]> {
  const checks: HostCheck[] = [];
  for (const plan of planSetup(hosts, ctx)) {
    const id = plan.host.id;
    const fix = `ctxmode setup --agents ${id} --yes`;
    const plugin = pluginInstalled(plan.host.host, ctx.paths) ? plan.host.host.plugin?.marker(ctx.paths)[0]?.file : undefined;
    const setUp = existsSync(join(ctx.paths.dataDir, "registered", id));
    // The plugin route: the host's plugin manager owns the config; setup's entries beside it would run every hook twice.
    if (plugin && setUp)
      checks.push({
        name: `${id}/config`,
        status: "WARN",
        detail: `registered twice: by its plugin manager (${plugin}) and by setup; every hook runs twice`,
        fix: `ctxmode setup --remove --agents ${id}`,
      });
    else if (plugin) checks.push({ name: `${id}/config`, status: "PASS", detail: `route: ${plan.host.title}'s plugin manager (${plugin})` });
    else if (plan.error) checks.push({ name: `${id}/config`, status: "FAIL", detail: plan.error });
    else if (plan.changes.length === 0) checks.push({ name: `${id}/config`, status: "PASS", detail: `route: setup, runs ${ctx.binary}` });
    else {
      const c = plan.changes[0]!;
      const text = readOrNull(c.edit.file) ?? "";
      const stale = text.includes("ctxmode") ? "points at another binary or is incomplete" : "has no ctxmode entry";
      checks.push({ name: `${id}/config`, status: "FAIL", detail: `${c.edit.file} ${stale}`, fix });
    }
    const trip = roundTripOf(plan.host.host);
    if (!trip) continue;
    checks.push(roundTrip(id, trip, ctx, env, fix));
  }
  if (hosts.length) {
    const why = await probeMcp(ctx.binary, env, ctx.paths.home);
    checks.push(
      why
        ? { name: "mcp", status: "FAIL", detail: why, fix: "ctxmode serve  # run it by hand to see the error" }
        : { name: "mcp", status: "PASS", detail: "MCP server answers initialize" },
    );
  }
  return checks;
}

function roundTrip(id: HostId, trip: RoundTrip, ctx: SetupContext, env: Record<string, string | undefined>, fix: string): HostCheck {
  const payload = {
    session_id: "ctxmode-doctor",
    cwd: ctx.paths.home,
    hook_event_name: "PreToolUse",
    tool_name: trip.tool,
    tool_input: { command: "curl https://example.com" },
    // Copilot CLI's camelCase payload.
    toolName: trip.tool,
    toolArgs: JSON.stringify({ command: "curl https://example.com" }),
  };
  const r = runSync([ctx.binary, "hook", id, trip.event], {
    stdin: new TextEncoder().encode(JSON.stringify(payload)),
    env: { ...env, CTXMODE_ROUTING: "always" },
    cwd: ctx.paths.home,
    timeout: 15_000,
  });
  const out = r.stdout.trim();
  if ((r.exitCode === 0 || r.exitCode === 2) && trip.valid(out, r.exitCode))
    return { name: `${id}/hook`, status: "PASS", detail: `\`hook ${id} ${trip.event}\` answers in ${id}'s reply shape` };
  return { name: `${id}/hook`, status: "FAIL", detail: `\`hook ${id} ${trip.event}\` replied ${JSON.stringify(out.slice(0, 120))} (exit ${r.exitCode})`, fix };
}
