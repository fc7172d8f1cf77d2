import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pluginMissing, pluginModule, serveCommand } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

/**
 * OpenCode: `mcp.ctxmode` (type local) in ~/.config/opencode/opencode.json; hooks come from a plugin
 * module in the project's .opencode/plugin/, which calls ctxmode's plugin with the binary's path (hosts.md §9).
 */
describeHost({
  id: "opencode",
  title: "OpenCode",
  tools: {
    ctxExecute: { name: "ctxmode_ctx_execute" },
    shell: (command) => ({ name: "bash", args: { command, description: "e2e step" } }),
  },
  hooksMissing: () => pluginMissing("opencode"),
  register(box, fake, withHooks) {
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
      mcp: { ctxmode: { type: "local", command: [serveCommand.command, ...serveCommand.args], enabled: true } },
    };
    const dir = join(box.home, ".config", "opencode");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "opencode.json"), JSON.stringify(config, null, 2));
    if (!withHooks) return;
    const plugin = [
      `import { createOpenCodePlugin } from ${JSON.stringify(pluginModule("opencode"))};`,
      `export const CtxmodePlugin = createOpenCodePlugin({ command: [${JSON.stringify(serveCommand.command)}] });`,
      ``,
    ].join("\n");
    mkdirSync(join(box.project, ".opencode", "plugin"), { recursive: true });
    writeFileSync(join(box.project, ".opencode", "plugin", "ctxmode.ts"), plugin);
  },
  args: (prompt) => ["run", prompt],
  env: () => ({ OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1" }),
});
