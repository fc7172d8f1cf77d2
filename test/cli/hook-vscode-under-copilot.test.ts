import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * Copilot CLI loads every file in ~/.copilot/hooks, VS Code's ctxmode file included (seen with
 * 1.0.102: with both hosts set up each Copilot CLI event ran through both files). Under Copilot CLI
 * (COPILOT_CLI=1 in its hook env) VS Code's lines answer nothing; Copilot CLI's own file acts.
 */
test("`hook vscode` under Copilot CLI answers the no-op reply and journals nothing; outside it, it denies curl", () => {
  const home = tempDir();
  const payload = JSON.stringify({
    sessionId: "s1",
    session_id: "s1",
    cwd: home,
    hook_event_name: "PreToolUse",
    tool_name: "run_in_terminal",
    tool_input: { command: "curl https://example.com" },
  });
  const run = (extra: Record<string, string>) =>
    Bun.spawnSync([binary, "hook", "vscode", "pretooluse"], {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CTXMODE_DATA_DIR: join(home, ".ctxmode"), CTXMODE_ROUTING: "always", ...extra },
      stdin: Buffer.from(payload),
      stdout: "pipe",
      stderr: "pipe",
    });
  const underCopilot = run({ COPILOT_CLI: "1" });
  expect(underCopilot.exitCode).toBe(0);
  expect(underCopilot.stdout.toString()).not.toContain("deny");
  expect(existsSync(join(home, ".ctxmode", "projects"))).toBe(false);
  const alone = run({});
  expect(alone.exitCode).toBe(0);
  expect(existsSync(join(home, ".ctxmode", "projects"))).toBe(true);
  expect(alone.stdout.toString()).toContain('"permissionDecision":"deny"');
});
