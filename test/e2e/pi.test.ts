import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeHost } from "./host-suite.ts";

/** Pi has no MCP: ctx tools and hooks both come from ctxmode's Pi extension (hosts.md §10). */
const extensionMissing = () => "ctxmode's Pi extension is not in this build yet";

describeHost({
  id: "pi",
  title: "Pi",
  tools: {
    ctxExecute: { name: "ctx_execute" },
    shell: (command) => ({ name: "bash", args: { command } }),
  },
  ctxToolsMissing: extensionMissing,
  hooksMissing: extensionMissing,
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
  },
  args: (prompt) => ["-p", prompt, "--model", "fake/fake-model"],
  env: () => ({}),
});
