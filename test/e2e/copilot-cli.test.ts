import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hookCommand, serveCommand } from "./host-run.ts";
import { cacheRoot } from "./hosts.ts";
import { describeHost } from "./host-suite.ts";

/** Copilot CLI: ~/.copilot/mcp-config.json, hooks in the repo's .github/hooks/*.json, camelCase events (hosts.md §5). */
describeHost({
  id: "copilot-cli",
  title: "Copilot CLI",
  tools: {
    ctxExecute: { name: "ctxmode-ctx_execute" },
    shell: (command) => ({ name: "bash", args: { command, description: "e2e step" } }),
  },
  register(box, _fake, withHooks) {
    mkdirSync(join(box.home, ".copilot"), { recursive: true });
    writeFileSync(
      join(box.home, ".copilot", "mcp-config.json"),
      JSON.stringify({ mcpServers: { ctxmode: { type: "local", ...serveCommand, tools: ["*"] } } }, null, 2),
    );
    if (!withHooks) return;
    const entry = (event: string) => [{ type: "command", bash: hookCommand("copilot-cli", event), timeoutSec: 30 }];
    const hooks = {
      preToolUse: entry("pretooluse"),
      postToolUse: entry("posttooluse"),
      userPromptSubmitted: entry("userpromptsubmitted"),
      sessionStart: entry("sessionstart"),
    };
    mkdirSync(join(box.project, ".github", "hooks"), { recursive: true });
    writeFileSync(join(box.project, ".github", "hooks", "ctxmode.json"), JSON.stringify({ version: 1, hooks }, null, 2));
  },
  args: (prompt) => ["-p", prompt, "--allow-all-tools"],
  env: (_box, fake) => ({
    // The SEA binary unpacks about 200 MB of JS on first run; one shared unpack dir keeps later runs fast.
    COPILOT_PKG_CACHE_HOME: join(cacheRoot, "copilot-pkg-cache"),
    COPILOT_AUTO_UPDATE: "false",
    COPILOT_OFFLINE: "true",
    // Repo hooks load in prompt mode only with this opt-in (or a trusted folder).
    GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: "true",
    COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_BASE_URL: `${fake.url}/v1`,
    COPILOT_PROVIDER_API_KEY: "e2e-fake-key",
    COPILOT_MODEL: "fake-model",
  }),
});
