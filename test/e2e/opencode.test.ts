import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

/**
 * OpenCode: setup writes `mcp.ctxmode` (type local) into ~/.config/opencode/opencode.json and its
 * plugin module, which calls the binary for every hook, into ~/.config/opencode/plugin/ (hosts.md §9).
 */
describeHost({
  id: "opencode",
  title: "OpenCode",
  tools: {
    ctxExecute: { name: "ctxmode_ctx_execute" },
    shell: (command) => ({ name: "bash", args: { command, description: "e2e step" } }),
  },
  register(box, fake) {
    const config = {
      $schema: "https://opencode.ai/config.json",
      model: "fake/fake-model",
      permission: { bash: "allow" },
      provider: {
        fake: {
          // Bundled in the binary: nothing is downloaded for this provider.
          npm: "@ai-sdk/openai-compatible",
          options: { baseURL: `${fake.url}/v1`, apiKey: "e2e-fake-key" },
          models: { "fake-model": { name: "Fake", tool_call: true, limit: { context: 100_000, output: 4_000 } } },
        },
      },
    };
    const dir = join(box.home, ".config", "opencode");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "opencode.json"), JSON.stringify(config, null, 2));
    // The MCP entry and the plugin module in ~/.config/opencode/plugin/.
    setupHost(box, "opencode");
  },
  args: (prompt) => ["run", prompt],
  env: () => ({ OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1" }),
});
