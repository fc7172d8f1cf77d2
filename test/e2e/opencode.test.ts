import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { writeOpenCodeConfig } from "./model-config.ts";

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
    writeOpenCodeConfig(box, fake);
    // The MCP entry and the plugin module in ~/.config/opencode/plugin/.
    setupHost(box, "opencode");
  },
  args: (prompt) => ["run", prompt],
  env: () => ({ OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1" }),
});
