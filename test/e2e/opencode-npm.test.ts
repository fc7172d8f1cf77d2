import { afterAll } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { HostSandbox } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { writeOpenCodeConfig } from "./model-config.ts";
import { type LocalRegistry, startRegistry } from "../installers/npm-registry.ts";
import { describeNpmLifecycle, hostCliAsync, installBinary, packNpmPackage } from "./plugin-route.ts";

/**
 * OpenCode from the `ctxmode` npm package: `opencode plugin ctxmode -g` installs it by name from a
 * local registry holding the packed package, no `ctxmode setup`. The package's plugin runs the hooks
 * and registers ctxmode's MCP server through OpenCode's `config` hook.
 */
let registry: LocalRegistry | undefined;
afterAll(() => registry?.stop());

const env = (_box?: HostSandbox, reg: LocalRegistry = registry!) => ({
  OPENCODE_DISABLE_MODELS_FETCH: "1",
  OPENCODE_DISABLE_AUTOUPDATE: "1",
  npm_config_registry: reg.url,
  BUN_CONFIG_REGISTRY: reg.url,
});

describeHost({
  id: "opencode",
  title: "OpenCode",
  route: "npm package",
  tools: {
    ctxExecute: { name: "ctxmode_ctx_execute" },
    shell: (command) => ({ name: "bash", args: { command, description: "e2e step" } }),
  },
  cannot: {
    instructions: "the npm package has no instruction file; its SessionStart guidance carries the rules",
    skills: "an OpenCode plugin package carries no skills (OpenCode reads them from its skill/ folders)",
  },
  async register(box, fake) {
    installBinary(box);
    writeOpenCodeConfig(box, fake);
    registry = startRegistry(packNpmPackage(box));
    await hostCliAsync(box, "opencode", ["plugin", "ctxmode", "-g"], env());
    // Installed by name from the local registry (never from a public one).
    if (!registry.requests.includes("/ctxmode"))
      throw new Error(`the host's npm client never asked the local registry for ctxmode: ${registry.requests.join(", ")}`);
    const config = readFileSync(join(box.home, ".config", "opencode", "opencode.json"), "utf8");
    if (!config.includes('"ctxmode"')) throw new Error(`opencode plugin did not add ctxmode to its config:\n${config}`);
  },
  args: (prompt) => ["run", prompt],
  env: (box) => env(box),
});

// OpenCode has no command that removes a plugin (README: delete it from the config's plugin list).
describeNpmLifecycle({ id: "opencode", title: "OpenCode", env, install: ["plugin", "ctxmode", "-g"], update: ["plugin", "ctxmode", "-g", "--force"] });
