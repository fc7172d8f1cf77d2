import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

/** Codex: `[mcp_servers.ctxmode]` in $CODEX_HOME/config.toml, hooks in $CODEX_HOME/hooks.json (hosts.md §2). */
describeHost({
  id: "codex",
  title: "Codex CLI",
  tools: {
    // MCP tools reach the model as a Responses-API namespace tool; hooks see `mcp__ctxmode__ctx_execute`.
    ctxExecute: { name: "ctx_execute", namespace: "mcp__ctxmode" },
    shell: (command) => ({ name: "exec_command", args: { cmd: command } }),
  },
  register(box, fake) {
    const codexHome = join(box.home, ".codex");
    mkdirSync(codexHome, { recursive: true });
    const toml = [
      `model = "gpt-fake"`,
      `model_provider = "fake"`,
      ``,
      `[model_providers.fake]`,
      `name = "fake"`,
      `base_url = "${fake.url}/v1"`,
      `wire_api = "responses"`,
      `env_key = "FAKE_API_KEY"`,
      ``,
    ];
    writeFileSync(join(codexHome, "config.toml"), toml.join("\n"));
    setupHost(box, "codex");
  },
  // Hooks are trust-gated by hash; in `exec` an untrusted hook is skipped silently, hence the bypass.
  args: (prompt) => ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", prompt],
  env: (box) => ({ CODEX_HOME: join(box.home, ".codex"), FAKE_API_KEY: "e2e-fake-key" }),
});
