/**
 * `bun run build`: the compiled binary for this machine (dist/ctxmode) and the Node fallback
 * bundle (dist/node/ctxmode.mjs). Release cross-compiles reuse compileBinary with other targets.
 */
import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { bundlePlugins } from "./plugins.ts";

const root = join(import.meta.dir, "..");

/**
 * Resolves the MCP SDK's Ajv validator module to ctxmode's stand-in (src/mcp/no-schema-validator.ts):
 * the SDK imports Ajv at load time for elicitation only, which ctxmode does not use.
 */
export const withoutAjv: Bun.BunPlugin = {
  name: "ctxmode-without-ajv",
  setup(build) {
    build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, () => ({ path: join(root, "src/mcp/no-schema-validator.ts") }));
  },
};

export function buildDefines(channel = process.env.CTXMODE_CHANNEL ?? "source"): Record<string, string> {
  return {
    CTXMODE_VERSION: JSON.stringify(pkg.version),
    CTXMODE_CHANNEL: JSON.stringify(channel),
  };
}

/**
 * The tools/list entries for the default budgets, computed from the tool schemas now so a server
 * answers tools/list without loading them (src/mcp/tool-list.ts).
 */
export async function toolListDefine(): Promise<Record<string, string>> {
  const [{ allTools, listEntry }, { loadConfig }, { toolListKey }] = await Promise.all([
    import("../src/mcp/registry.ts"),
    import("../src/config/config.ts"),
    import("../src/mcp/tool-list.ts"),
  ]);
  const config = loadConfig({});
  return { CTXMODE_TOOL_LIST: JSON.stringify(JSON.stringify({ key: toolListKey(config), tools: allTools(config).map(listEntry) })) };
}

/**
 * Compiles the single executable; user `.env` and `bunfig.toml` files are never auto-loaded by it.
 * Builds are byte-identical for the same sources only when the outfile's basename is the same
 * (Bun embeds it), so release builds always compile to `ctxmode`/`ctxmode.exe` in a per-target folder.
 */
export async function compileBinary(outfile: string, target?: Bun.Build.CompileTarget, options: { channel?: string } = {}): Promise<void> {
  // Setup writes these plugin modules; the binary carries them as text.
  await bundlePlugins();
  const result = await Bun.build({
    // Workers are entrypoints of their own: a compiled binary only embeds workers listed here.
    entrypoints: [join(root, "src/entry/bun.ts"), join(root, "src/store/prepare-worker.ts"), join(root, "src/store/spool-worker.ts")],
    compile: { outfile, ...(target ? { target } : {}), autoloadDotenv: false, autoloadBunfig: false },
    format: "esm",
    // Split chunks load only when a command imports them: `--version` and `hook` skip parsing the
    // MCP SDK, zod, turndown and the sandbox (hook p50 19.6 -> 9.5 ms here, bench/hooks.ts).
    splitting: true,
    minify: true,
    bytecode: true,
    sourcemap: "none",
    define: { ...buildDefines(options.channel), ...(await toolListDefine()) },
    plugins: [withoutAjv],
  });
  if (!result.success) throw new AggregateError(result.logs, `compile failed for ${target ?? "this machine"}`);
}

/**
 * Bundles the Node (>= 22.13) build; `#sqlite` resolves to the node:sqlite adapter here.
 * html-rewriter-wasm stays a real dependency: it reads its .wasm beside itself at run time.
 */
export async function buildNodeBundle(outdir: string, options: { channel?: string } = {}): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await bundlePlugins();
  const result = await Bun.build({
    entrypoints: [join(root, "src/entry/node.ts")],
    outdir,
    target: "node",
    format: "esm",
    splitting: true,
    naming: { entry: "ctxmode.mjs", chunk: "chunks/[name]-[hash].mjs" },
    external: ["html-rewriter-wasm"],
    define: { ...buildDefines(options.channel), ...(await toolListDefine()) },
    plugins: [withoutAjv],
  });
  if (!result.success) throw new AggregateError(result.logs, "node bundle failed");
  const entry = join(outdir, "ctxmode.mjs");
  await Bun.write(entry, `#!/usr/bin/env node\n${await Bun.file(entry).text()}`);
  chmodSync(entry, 0o755);
}

if (import.meta.main) {
  const dist = join(root, "dist");
  mkdirSync(dist, { recursive: true });
  const started = performance.now();
  await compileBinary(join(dist, process.platform === "win32" ? "ctxmode.exe" : "ctxmode"));
  await buildNodeBundle(join(dist, "node"));
  console.log(`built dist/ctxmode and dist/node in ${Math.round(performance.now() - started)} ms`);
}
