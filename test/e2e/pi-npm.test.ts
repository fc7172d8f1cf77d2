import { afterAll } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { HostSandbox } from "./host-run.ts";
import { describeHost } from "./host-suite.ts";
import { writePiModels } from "./model-config.ts";
import { type LocalRegistry, startRegistry } from "../installers/npm-registry.ts";
import { describeNpmLifecycle, hostCliAsync, installBinary, packNpmPackage } from "./plugin-route.ts";

/**
 * Pi from the `ctxmode` npm package: `pi install npm:ctxmode` runs `npm install -g ctxmode`
 * (into a prefix inside the sandbox) from a local registry holding the packed package, no
 * `ctxmode setup`. The package's `pi` manifest names its extension and skills.
 */
let registry: LocalRegistry | undefined;
afterAll(() => registry?.stop());

const env = (box: HostSandbox, reg: LocalRegistry = registry!) => ({
  npm_config_registry: reg.url,
  // npm's download cache outside HOME, so the leftover check sees only what Pi and ctxmode leave.
  npm_config_cache: join(box.root, "npm-cache"),
  npm_config_prefix: join(box.home, ".npm-global"),
  npm_config_update_notifier: "false",
});

describeHost({
  id: "pi",
  title: "Pi",
  route: "npm package",
  tools: { ctxExecute: { name: "ctx_execute" }, shell: (command) => ({ name: "bash", args: { command } }) },
  cannot: { instructions: "the npm package has no instruction file; its SessionStart guidance carries the rules" },
  async register(box, fake) {
    installBinary(box);
    writePiModels(box, fake);
    registry = startRegistry(packNpmPackage(box));
    await hostCliAsync(box, "pi", ["install", "npm:ctxmode"], env(box));
    // Installed by name from the local registry (never from a public one).
    if (!registry.requests.includes("/ctxmode"))
      throw new Error(`the host's npm client never asked the local registry for ctxmode: ${registry.requests.join(", ")}`);
    const settings = readFileSync(join(box.home, ".pi", "agent", "settings.json"), "utf8");
    if (!settings.includes("npm:ctxmode")) throw new Error(`pi install did not record npm:ctxmode:\n${settings}`);
  },
  args: (prompt) => ["-p", prompt, "--model", "fake/fake-model"],
  env: (box) => env(box),
});

describeNpmLifecycle({
  id: "pi",
  title: "Pi",
  env,
  install: ["install", "npm:ctxmode"],
  update: ["update", "npm:ctxmode"],
  remove: ["remove", "npm:ctxmode"],
});
