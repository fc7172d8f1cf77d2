import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

/** Claude Code: user-scope MCP server in ~/.claude.json, hooks in ~/.claude/settings.json (hosts.md §1). */
describeHost({
  id: "claude-code",
  title: "Claude Code",
  tools: {
    ctxExecute: { name: "mcp__ctxmode__ctx_execute" },
    shell: (command) => ({ name: "Bash", args: { command, description: "e2e step" } }),
  },
  register(box) {
    setupHost(box, "claude-code");
  },
  args: (prompt) => ["-p", prompt, "--allowedTools", "Bash,mcp__ctxmode", "--output-format", "json"],
  env: (_box, fake) => ({
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: "e2e-fake-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  }),
});
