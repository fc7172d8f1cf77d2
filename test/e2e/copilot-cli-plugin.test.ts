import { join } from "node:path";
import { cacheRoot } from "./hosts.ts";
import type { HostSandbox } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { describeNoBinary, describePluginLifecycle, hostCli, installBinary, MARKETPLACE_COMMANDS, writePackages } from "./plugin-route.ts";

/**
 * Copilot CLI from its own plugin manager: `copilot plugin marketplace add <dir>` and
 * `copilot plugin install ctxmode@ctxmode`, no `ctxmode setup`. A plugin from a local marketplace
 * is loaded live from that folder (nothing is copied); its hooks need no repository opt-in.
 */
const env = () => ({
  // The SEA binary unpacks about 200 MB of JS on first run; one shared unpack dir keeps later runs fast.
  COPILOT_PKG_CACHE_HOME: join(cacheRoot, "copilot-pkg-cache"),
  COPILOT_AUTO_UPDATE: "false",
  COPILOT_OFFLINE: "true",
});

function installPlugin(box: HostSandbox): void {
  hostCli(box, "copilot-cli", ["plugin", "marketplace", "add", writePackages(box, "copilot-cli")], env());
  hostCli(box, "copilot-cli", ["plugin", "install", "ctxmode@ctxmode"], env());
}

const modelEnv = (fakeUrl: string) => ({
  ...env(),
  COPILOT_PROVIDER_TYPE: "openai",
  COPILOT_PROVIDER_BASE_URL: `${fakeUrl}/v1`,
  COPILOT_PROVIDER_API_KEY: "e2e-fake-key",
  COPILOT_MODEL: "fake-model",
});
const args = (prompt: string) => ["-p", prompt, "--allow-all-tools"];
const shell = (command: string) => ({ name: "bash", args: { command, description: "e2e step" } });

describeHost({
  id: "copilot-cli",
  title: "Copilot CLI",
  route: "plugin install",
  tools: { ctxExecute: { name: "ctxmode-ctx_execute" }, shell },
  cannot: { instructions: "a Copilot CLI plugin has no instruction file; its SessionStart guidance and skills carry the rules" },
  register(box) {
    installBinary(box);
    installPlugin(box);
  },
  args,
  env: (_box, fake) => modelEnv(fake.url),
});

describePluginLifecycle({
  id: "copilot-cli",
  title: "Copilot CLI",
  env,
  ...MARKETPLACE_COMMANDS,
  installed: (box) => [join(box.home, ".copilot", "settings.json")],
  // Copilot CLI's own process logs name the commands it ran.
  leftovers: [
    { path: /^\.copilot\/logs\/[^/]+ \(mentions ctxmode\)$/, why: "Copilot CLI's process logs" },
    // `plugin uninstall` of a plugin from a local marketplace only disables it: `enabledPlugins` keeps `"ctxmode@ctxmode": false`.
    {
      path: /^\.copilot\/settings\.json \(mentions ctxmode\)$/,
      why: "disabled entry",
      text: (t) => JSON.stringify(JSON.parse(t).enabledPlugins) === '{"ctxmode@ctxmode":false}' && t.split("ctxmode").length === 3,
    },
  ],
});

describeNoBinary({ id: "copilot-cli", title: "Copilot CLI", install: installPlugin, shell, args, env: (_box, fake) => modelEnv(fake.url) });
