import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostSandbox } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { describeNoBinary, describePluginLifecycle, EXTENSION_COMMANDS, hostCli, installBinary, writePackages } from "./plugin-route.ts";

/**
 * Qwen Code from its own extension manager: `qwen extensions install <dir> --consent`, no
 * `ctxmode setup`. The extension carries the MCP server, hooks/hooks.json, skills and CTXMODE.md
 * as its context file (hosts.md §4).
 */
function settings(box: HostSandbox): void {
  const value = { security: { auth: { selectedType: "openai" }, folderTrust: { enabled: false } } };
  mkdirSync(join(box.home, ".qwen"), { recursive: true });
  writeFileSync(join(box.home, ".qwen", "settings.json"), JSON.stringify(value, null, 2));
}

function installExtension(box: HostSandbox): void {
  settings(box);
  hostCli(box, "qwen-code", ["extensions", "install", writePackages(box, "qwen-code"), "--consent"], {});
}

const args = (prompt: string) => ["-p", prompt, "--yolo", "--output-format", "json"];
const env = (fakeUrl: string) => ({ OPENAI_API_KEY: "e2e-fake-key", OPENAI_BASE_URL: `${fakeUrl}/v1`, OPENAI_MODEL: "fake-model" });
const shell = (command: string) => ({ name: "run_shell_command", args: { command, description: "e2e step" } });

describeHost({
  id: "qwen-code",
  title: "Qwen Code",
  route: "extension install",
  tools: { ctxExecute: { name: "mcp__ctxmode__ctx_execute" }, shell },
  cannot: { replaceOutput: "Qwen Code has no output replacement; its PostToolUse can only add context (hosts.md §4)" },
  register(box) {
    installBinary(box);
    installExtension(box);
  },
  args,
  env: (_box, fake) => env(fake.url),
});

describePluginLifecycle({
  id: "qwen-code",
  title: "Qwen Code",
  env: () => ({}),
  prepare: settings,
  ...EXTENSION_COMMANDS,
  installed: (box) => [join(box.home, ".qwen", "extensions", "ctxmode", "qwen-extension.json")],
  // Qwen Code's extension store keeps the state before its last change (its rollback copy); state.json itself is clean.
  leftovers: [{ path: /^\.qwen\/extension-store\/state\.previous\.json \(mentions ctxmode\)$/, why: "Qwen Code's rollback copy" }],
});

describeNoBinary({ id: "qwen-code", title: "Qwen Code", install: installExtension, shell, args, env: (_box, fake) => env(fake.url) });
