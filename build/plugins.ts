/**
 * Bundles the OpenCode plugin and the Pi extension into one self-contained module each, as text
 * the binary embeds (src/agents/plugins.ts) so `ctxmode setup` can write them for any install.
 * Not minified: the file lands in the user's config, where they may read it.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
export const pluginsDir = join(root, "dist", "plugins");

let bundled: Promise<void> | undefined;

/** Once per build process: every compile target and the Node bundle embed the same files. */
export function bundlePlugins(): Promise<void> {
  bundled ??= bundle();
  return bundled;
}

async function bundle(): Promise<void> {
  mkdirSync(pluginsDir, { recursive: true });
  for (const host of ["opencode", "pi"]) {
    const result = await Bun.build({ entrypoints: [join(root, "src/hooks/plugins", `${host}-entry.ts`)], target: "node", format: "esm" });
    if (!result.success) throw new AggregateError(result.logs, `bundling the ${host} plugin failed`);
    const code = await result.outputs[0]!.text();
    if (!code.includes('"__CTXMODE_BINARY__"')) throw new Error(`the ${host} plugin bundle lost its binary placeholder`);
    await Bun.write(
      join(pluginsDir, `${host}.txt`),
      `// ctxmode ${host} plugin, written by \`ctxmode setup\`; \`ctxmode setup --remove\` takes it out.\n${code}`,
    );
  }
  // The npm package's copies (build/npm.ts): the binary is found when the host loads them.
  for (const host of ["opencode", "pi"]) {
    const result = await Bun.build({ entrypoints: [join(root, "src/hooks/plugins", `${host}-npm-entry.ts`)], target: "node", format: "esm" });
    if (!result.success) throw new AggregateError(result.logs, `bundling the ${host} npm plugin failed`);
    await Bun.write(join(pluginsDir, `${host}-npm.mjs`), `// ctxmode ${host} plugin of the ctxmode npm package.\n${await result.outputs[0]!.text()}`);
  }
}

if (import.meta.main) await bundlePlugins();
