import { existsSync } from "node:fs";
import { join } from "node:path";
import { setupHost } from "./host-run.ts";
import { cacheRoot } from "./hosts.ts";
import { describeHost } from "./host-suite.ts";

/**
 * Copilot CLI: ~/.copilot/mcp-config.json and hooks in ~/.copilot/hooks/ctxmode.json, camelCase
 * events (hosts.md §5): user-level setup, run in a fresh repository with no hook file of its own and
 * no repository-hooks opt-in, so the hooks that fire are the user-level ones.
 */
describeHost({
  id: "copilot-cli",
  title: "Copilot CLI",
  tools: {
    ctxExecute: { name: "ctxmode-ctx_execute" },
    shell: (command) => ({ name: "bash", args: { command, description: "e2e step" } }),
  },
  register(box) {
    setupHost(box, "copilot-cli");
    if (existsSync(join(box.project, ".github"))) throw new Error("user-level setup wrote into the repository");
  },
  args: (prompt) => ["-p", prompt, "--allow-all-tools"],
  env: (_box, fake) => ({
    // The SEA binary unpacks about 200 MB of JS on first run; one shared unpack dir keeps later runs fast.
    COPILOT_PKG_CACHE_HOME: join(cacheRoot, "copilot-pkg-cache"),
    COPILOT_AUTO_UPDATE: "false",
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_BASE_URL: `${fake.url}/v1`,
    COPILOT_PROVIDER_API_KEY: "e2e-fake-key",
    COPILOT_MODEL: "fake-model",
  }),
});
