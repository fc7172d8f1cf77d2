import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setupHost } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";

/** Gemini CLI: `mcpServers` and `hooks` in ~/.gemini/settings.json, hook timeouts in ms (hosts.md §3). */
describeHost({
  id: "gemini-cli",
  title: "Gemini CLI",
  tools: {
    ctxExecute: { name: "mcp_ctxmode_ctx_execute" },
    shell: (command) => ({ name: "run_shell_command", args: { command, description: "e2e step" } }),
  },
  register(box) {
    const settings = { security: { auth: { selectedType: "gemini-api-key" }, folderTrust: { enabled: false } } };
    mkdirSync(join(box.home, ".gemini"), { recursive: true });
    writeFileSync(join(box.home, ".gemini", "settings.json"), JSON.stringify(settings, null, 2));
    setupHost(box, "gemini-cli");
  },
  // `-m`: the default model routes every prompt through a classifier call first (about 90 s of retries
  // against a fake that does not answer it).
  args: (prompt) => ["-m", "gemini-2.5-flash", "-p", prompt, "--yolo", "--output-format", "json"],
  env: (_box, fake) => ({ GEMINI_API_KEY: "e2e-fake-key", GOOGLE_GEMINI_BASE_URL: fake.url }),
});
