import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { writePiModels } from "./model-config.ts";

/**
 * Pi has no MCP: ctx tools and hooks both come from ctxmode's extension, which setup loads from
 * ~/.pi/agent/extensions/ctxmode.ts with the binary's path (hosts.md §10). Models from ~/.pi/agent/models.json.
 */
describeHost({
  id: "pi",
  title: "Pi",
  tools: {
    // The extension registers ctxmode's tools under their own names.
    ctxExecute: { name: "ctx_execute" },
    shell: (command) => ({ name: "bash", args: { command } }),
  },
  register(box, fake) {
    writePiModels(box, fake);
    // Pi has no MCP: setup's extension registers the ctx tools and the hooks.
    setupHost(box, "pi");
  },
  args: (prompt) => ["-p", prompt, "--model", "fake/fake-model"],
  env: () => ({}),
});
