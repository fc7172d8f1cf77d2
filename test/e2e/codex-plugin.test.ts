import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FakeModel } from "./fake-model/server.ts";
import type { HostSandbox } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { describeNoBinary, describePluginLifecycle, hostCli, installBinary, writePackages } from "./plugin-route.ts";

/**
 * Codex from its own plugin manager: `codex plugin marketplace add <dir>` and
 * `codex plugin add ctxmode@ctxmode`, no `ctxmode setup` (hosts.md §2). Codex runs new hooks
 * only once trusted; `exec` here passes `--dangerously-bypass-hook-trust`, as the setup route does.
 */
const codexHome = (box: HostSandbox) => join(box.home, ".codex");
const env = (box: HostSandbox) => ({ CODEX_HOME: codexHome(box), FAKE_API_KEY: "e2e-fake-key" });

/** The model provider pointing at the fake, written before the plugin commands add their tables. */
function providerConfig(box: HostSandbox, fake?: FakeModel): void {
  mkdirSync(codexHome(box), { recursive: true });
  const url = fake ? `${fake.url}/v1` : "http://127.0.0.1:9/v1";
  const toml = [
    'model = "gpt-fake"',
    'model_provider = "fake"',
    "",
    "[model_providers.fake]",
    'name = "fake"',
    `base_url = "${url}"`,
    'wire_api = "responses"',
    'env_key = "FAKE_API_KEY"',
    "",
  ];
  writeFileSync(join(codexHome(box), "config.toml"), toml.join("\n"));
}

function installPlugin(box: HostSandbox): void {
  hostCli(box, "codex", ["plugin", "marketplace", "add", writePackages(box, "codex")], env(box));
  hostCli(box, "codex", ["plugin", "add", "ctxmode@ctxmode"], env(box));
}

const args = (prompt: string) => ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", prompt];
const shell = (command: string) => ({ name: "exec_command", args: { cmd: command } });

describeHost({
  id: "codex",
  title: "Codex CLI",
  route: "plugin install",
  tools: { ctxExecute: { name: "ctx_execute", namespace: "mcp__ctxmode" }, shell },
  cannot: { instructions: "a Codex plugin has no instruction file; its SessionStart guidance and skills carry the rules" },
  register(box, fake) {
    installBinary(box);
    providerConfig(box, fake);
    installPlugin(box);
  },
  args,
  env: (box) => env(box),
});

describePluginLifecycle({
  id: "codex",
  title: "Codex CLI",
  env,
  prepare: (box) => providerConfig(box),
  install: (dir) => [
    ["plugin", "marketplace", "add", dir],
    ["plugin", "add", "ctxmode@ctxmode"],
  ],
  // A local marketplace is read in place (`marketplace upgrade` is for Git ones): adding again installs the new version.
  update: [["plugin", "add", "ctxmode@ctxmode"]],
  check: ["plugin", "list"],
  remove: [
    ["plugin", "remove", "ctxmode@ctxmode"],
    ["plugin", "marketplace", "remove", "ctxmode"],
  ],
  installed: (box) => [join(codexHome(box), "plugins", "cache", "ctxmode", "ctxmode")],
  // `plugin remove` deletes the plugin's cache but leaves its marketplace's folder, empty (any file in it would be listed).
  leftovers: [{ path: /^\.codex\/plugins\/cache\/ctxmode$/, why: "empty folder Codex leaves" }],
});

describeNoBinary({
  id: "codex",
  title: "Codex CLI",
  install: (box, fake) => {
    providerConfig(box, fake);
    installPlugin(box);
  },
  shell,
  args,
  env: (box) => env(box),
});
