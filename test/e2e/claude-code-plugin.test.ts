import { join } from "node:path";
import { describeHost } from "./host-suite.ts";
import { describeNoBinary, describePluginLifecycle, hostCli, installBinary, MARKETPLACE_COMMANDS, writePackages } from "./plugin-route.ts";

/**
 * Claude Code from its own plugin manager: `claude plugin marketplace add <dir>` and
 * `claude plugin install ctxmode@ctxmode`, no `ctxmode setup`. A plugin's MCP tools are named
 * `mcp__plugin_<plugin>_<server>__<tool>` (hosts.md §1).
 */
const env = () => ({ CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1" });

/** The plugin's own install commands (marketplace add, install). */
function installPlugin(box: Parameters<typeof writePackages>[0]): void {
  const dir = writePackages(box, "claude-code");
  hostCli(box, "claude-code", ["plugin", "marketplace", "add", dir], env());
  hostCli(box, "claude-code", ["plugin", "install", "ctxmode@ctxmode"], env());
}

describeHost({
  id: "claude-code",
  title: "Claude Code",
  route: "plugin install",
  tools: {
    ctxExecute: { name: "mcp__plugin_ctxmode_ctxmode__ctx_execute" },
    shell: (command) => ({ name: "Bash", args: { command, description: "e2e step" } }),
  },
  cannot: { instructions: "a Claude Code plugin has no instruction file; its SessionStart guidance and skills carry the rules" },
  register(box) {
    installBinary(box);
    installPlugin(box);
  },
  args: (prompt) => ["-p", prompt, "--allowedTools", "Bash,mcp__plugin_ctxmode_ctxmode", "--output-format", "json"],
  env: (_box, fake) => ({ ...env(), ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: "e2e-fake-key" }),
});

describePluginLifecycle({
  id: "claude-code",
  title: "Claude Code",
  env,
  ...MARKETPLACE_COMMANDS,
  installed: (box) => [join(box.home, ".claude", "plugins", "cache", "ctxmode")],
  leftovers: [
    // Claude Code marks an uninstalled plugin's cache `.orphaned_at`, stops loading it and deletes it later itself.
    { path: /^\.claude\/plugins\/cache\/ctxmode(\/|$)/, why: "orphaned cache, removed by Claude Code" },
    // `declinedPlugins: ["ctxmode@ctxmode"]`: Claude Code's record that the user uninstalled it (no hook, no server).
    { path: /^\.claude\.json \(mentions ctxmode\)$/, why: "declinedPlugins entry" },
  ],
});

describeNoBinary({
  id: "claude-code",
  title: "Claude Code",
  install: installPlugin,
  shell: (command) => ({ name: "Bash", args: { command, description: "e2e step" } }),
  args: (prompt) => ["-p", prompt, "--allowedTools", "Bash", "--output-format", "json"],
  env: (_box, fake) => ({ ...env(), ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: "e2e-fake-key" }),
});
