import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hookCommand, serveCommand } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

/** Claude Code: user-scope MCP server in ~/.claude.json, hooks in ~/.claude/settings.json (hosts.md §1). */
describeHost({
  id: "claude-code",
  title: "Claude Code",
  tools: {
    ctxExecute: { name: "mcp__ctxmode__ctx_execute" },
    shell: (command) => ({ name: "Bash", args: { command, description: "e2e step" } }),
  },
  register(box, _fake, withHooks) {
    writeFileSync(join(box.home, ".claude.json"), JSON.stringify({ mcpServers: { ctxmode: { type: "stdio", ...serveCommand } } }, null, 2));
    if (!withHooks) return;
    const entry = (event: string, matcher?: string) => [{ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command: hookCommand("claude-code", event) }] }];
    mkdirSync(join(box.home, ".claude"), { recursive: true });
    writeFileSync(
      join(box.home, ".claude", "settings.json"),
      JSON.stringify(
        {
          hooks: {
            PreToolUse: entry("pretooluse", "Bash|Read|WebFetch|Grep|Glob|Agent|Task|mcp__.*"),
            PostToolUse: entry("posttooluse", ""),
            UserPromptSubmit: entry("userpromptsubmit"),
            PreCompact: entry("precompact"),
            SessionStart: entry("sessionstart"),
          },
        },
        null,
        2,
      ),
    );
  },
  args: (prompt) => ["-p", prompt, "--allowedTools", "Bash,mcp__ctxmode", "--output-format", "json"],
  env: (_box, fake) => ({
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: "e2e-fake-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  }),
});
