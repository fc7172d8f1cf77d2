import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

/** Qwen Code: `mcpServers` and Claude-named `hooks` in ~/.qwen/settings.json, timeouts in ms (hosts.md §4). */
describeHost({
  id: "qwen-code",
  title: "Qwen Code",
  tools: {
    ctxExecute: { name: "mcp__ctxmode__ctx_execute" },
    shell: (command) => ({ name: "run_shell_command", args: { command, description: "e2e step" } }),
  },
  cannot: { replaceOutput: "Qwen Code has no output replacement; its PostToolUse can only add context (hosts.md §4)" },
  register(box) {
    const settings = { security: { auth: { selectedType: "openai" }, folderTrust: { enabled: false } } };
    mkdirSync(join(box.home, ".qwen"), { recursive: true });
    writeFileSync(join(box.home, ".qwen", "settings.json"), JSON.stringify(settings, null, 2));
    setupHost(box, "qwen-code");
  },
  args: (prompt) => ["-p", prompt, "--yolo", "--output-format", "json"],
  env: (_box, fake) => ({ OPENAI_API_KEY: "e2e-fake-key", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: "fake-model" }),
});
