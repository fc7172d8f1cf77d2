import { execFile } from "node:child_process";
import { basename } from "node:path";
import { z } from "zod";
import { VERSION } from "../../config/constants.ts";
import { compareVersions } from "../../config/semver.ts";
import { CtxError } from "../../errors.ts";
import { defineTool } from "../tool.ts";

/**
 * `ctx_upgrade`: checks for a newer release, or (apply) upgrades the way ctxmode was installed.
 * Runs `ctxmode upgrade` as a child process: the server's own stdout is the MCP channel.
 */
export function upgradeTool() {
  return defineTool({
    name: "ctx_upgrade",
    title: "Upgrade ctxmode",
    description: "Check for a newer release; apply: true installs it. Restart the agent after.",
    schema: z.object({
      apply: z.boolean().optional().describe("Install it"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(args, _ctx, signal) {
      const self = process.execPath;
      // The npm fallback runs on Node: npm upgrades it.
      if (!basename(self).startsWith("ctxmode"))
        return { text: `ctxmode ${VERSION} runs on Node (npm install); upgrade with: npm i -g ctxmode@latest`, keptOut: 0 };
      const check = args.apply !== true;
      if (!check) {
        const out = await run(self, ["upgrade"], signal);
        const lines = out.trim().split("\n").filter(Boolean).slice(0, 20);
        return { text: [...lines, `Restart the agent: this server is still ${VERSION} until it starts again.`].join("\n"), keptOut: 0 };
      }
      const out = await run(self, ["upgrade", "--check", "--json"], signal);
      const info = JSON.parse(out) as { channel: string; current: string; latest?: string; command?: string };
      if (info.command)
        return { text: `ctxmode ${info.current} (${info.channel}); upgrade with: ${info.command}, or call ctx_upgrade with apply: true`, keptOut: 0 };
      const latest = info.latest ?? "";
      switch (compareVersions(latest, info.current)) {
        case 1:
          return {
            text: `ctxmode ${latest} is available (this is ${info.current}); call ctx_upgrade with apply: true, or run \`ctxmode upgrade\``,
            keptOut: 0,
          };
        case 0:
          return { text: `ctxmode ${info.current} is the latest release`, keptOut: 0 };
        case -1:
          return { text: `ctxmode ${info.current} is newer than the latest release (${latest}); nothing to install`, keptOut: 0 };
        default:
          return { text: `ctxmode ${info.current} is not a release build; the latest release is ${latest || "unknown"}`, keptOut: 0 };
      }
    },
  });
}

function run(file: string, argv: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: 300_000, signal, maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const why = String(stderr).trim().split("\n").pop() || err.message;
      reject(new CtxError("UNREADABLE", `ctxmode upgrade failed: ${why}`));
    });
  });
}
