import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

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
    const models = {
      providers: {
        fake: {
          baseUrl: `${fake.url}/v1`,
          api: "openai-completions",
          apiKey: "e2e-fake-key",
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: "fake-model" }],
        },
      },
    };
    const dir = join(box.home, ".pi", "agent");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "models.json"), JSON.stringify(models, null, 2));
    // Pi has no MCP: setup's extension registers the ctx tools and the hooks.
    setupHost(box, "pi");
  },
  args: (prompt) => ["-p", prompt, "--model", "fake/fake-model"],
  env: () => ({}),
});
