import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostSandbox } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { describeNoBinary, describePluginLifecycle, EXTENSION_COMMANDS, hostCli, installBinary, writePackages } from "./plugin-route.ts";

/**
 * Gemini CLI from its own extension manager: `gemini extensions install <dir> --consent`, no
 * `ctxmode setup`. The extension carries the MCP server, hooks/hooks.json, skills and CTXMODE.md
 * as its context file (hosts.md §3).
 */
function settings(box: HostSandbox): void {
  const value = { security: { auth: { selectedType: "gemini-api-key" }, folderTrust: { enabled: false } } };
  mkdirSync(join(box.home, ".gemini"), { recursive: true });
  writeFileSync(join(box.home, ".gemini", "settings.json"), JSON.stringify(value, null, 2));
}

function installExtension(box: HostSandbox): void {
  settings(box);
  hostCli(box, "gemini-cli", ["extensions", "install", writePackages(box, "gemini-cli"), "--consent"], {});
}

const args = (prompt: string) => ["-m", "gemini-2.5-flash", "-p", prompt, "--yolo", "--output-format", "json"];
const env = (fakeUrl: string) => ({ GEMINI_API_KEY: "e2e-fake-key", GOOGLE_GEMINI_BASE_URL: fakeUrl });

describeHost({
  id: "gemini-cli",
  title: "Gemini CLI",
  route: "extension install",
  tools: {
    ctxExecute: { name: "mcp_ctxmode_ctx_execute" },
    shell: (command) => ({ name: "run_shell_command", args: { command, description: "e2e step" } }),
  },
  register(box) {
    installBinary(box);
    installExtension(box);
  },
  args,
  env: (_box, fake) => env(fake.url),
});

describePluginLifecycle({
  id: "gemini-cli",
  title: "Gemini CLI",
  env: () => ({}),
  prepare: settings,
  ...EXTENSION_COMMANDS,
  installed: (box) => [join(box.home, ".gemini", "extensions", "ctxmode", "gemini-extension.json")],
  // Gemini CLI keeps a signed hash per extension name it has seen; it loads nothing from it.
  leftovers: [{ path: /^\.gemini\/extension_integrity\.json \(mentions ctxmode\)$/, why: "Gemini CLI's integrity record" }],
});

describeNoBinary({
  id: "gemini-cli",
  title: "Gemini CLI",
  install: installExtension,
  shell: (command) => ({ name: "run_shell_command", args: { command, description: "e2e step" } }),
  args,
  env: (_box, fake) => env(fake.url),
});
