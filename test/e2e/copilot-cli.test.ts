import { join } from "node:path";
import { setupHost } from "./host-run.ts";
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
  register(box) {
    // MCP in ~/.copilot; hooks only in the repository's .github/hooks (hosts.md §5).
    setupHost(box, "copilot-cli");
    setupHost(box, "copilot-cli", { project: true });
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
