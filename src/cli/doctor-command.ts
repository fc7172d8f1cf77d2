import { loadConfig } from "../config/config.ts";
import { CHANNEL, VERSION } from "../config/constants.ts";
import { runChecks } from "../doctor/checks.ts";
import { runtimeName } from "#sqlite";
import { printJson } from "./context.ts";

/** `ctxmode doctor [--agents a,b] [--json]`: one row per check; exit 1 when any check fails. */
export async function doctorCommand(opts: { json?: boolean; agents?: string }): Promise<number> {
  const names = opts.agents
    ? String(opts.agents)
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
  const checks = await runChecks(loadConfig(), names);
  const ok = checks.every((c) => c.status !== "FAIL");
  if (opts.json) {
    printJson({ version: VERSION, channel: CHANNEL, runtime: runtimeName, platform: `${process.platform}-${process.arch}`, ok, checks });
  } else {
    const width = Math.max(12, ...checks.map((c) => c.name.length));
    for (const c of checks) {
      process.stdout.write(`${c.status.padEnd(4)}  ${c.name.padEnd(width)}  ${c.detail}\n`);
      if (c.fix) process.stdout.write(`      fix: ${c.fix}\n`);
    }
  }
  return ok ? 0 : 1;
}
