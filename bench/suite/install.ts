/**
 * `--compare context-mode@1.0.169`: installs that npm package and Node 24 (the `node` npm package)
 * into `.cache/bench-compare/<spec>/` with npm, once; later runs reuse the install. Only the
 * packages that need it may run install scripts: `node` (it links its binary) and
 * better-sqlite3 (the reference's native SQLite binding). The reference's own postinstall is not
 * run: it only edits agent configs under HOME. The install is shallow (the package's own
 * dependencies under its node_modules, as `npm i -g` lays them out): its hooks look for
 * better-sqlite3 there and run `npm install` on every call when it is hoisted elsewhere.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface ReferenceInstall {
  pkgDir: string;
  node: string;
  version: string;
  nodeVersion: string;
}

export function installReference(spec: string, cacheRoot: string): ReferenceInstall {
  const at = spec.lastIndexOf("@");
  if (at <= 0) throw new Error(`--compare takes name@version, e.g. context-mode@1.0.169 (got ${spec})`);
  const name = spec.slice(0, at);
  const version = spec.slice(at + 1);
  const dir = join(cacheRoot, spec);
  const pkgDir = join(dir, "node_modules", name);
  const node = join(dir, "node_modules", "node", "bin", "node");
  const installed = () =>
    existsSync(node) &&
    existsSync(join(pkgDir, "package.json")) &&
    JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version === version &&
    (name !== "context-mode" || existsSync(join(pkgDir, "node_modules", "better-sqlite3", "package.json")));
  if (!installed()) {
    mkdirSync(dir, { recursive: true });
    const manifest = {
      name: "ctxmode-bench-compare",
      private: true,
      allowScripts: { node: true, "better-sqlite3": true },
      dependencies: { node: "24", [name]: version },
    };
    writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    console.error(`installing ${spec} and node@24 into ${dir} (npm; the native SQLite binding may compile, a few minutes)…`);
    const r = Bun.spawnSync(["npm", "install", "--install-strategy=shallow", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdout: "inherit", stderr: "inherit" });
    if (r.exitCode !== 0 || !installed()) throw new Error(`npm install of ${spec} in ${dir} failed (exit ${r.exitCode})`);
  }
  const nodeVersion = Bun.spawnSync([node, "--version"]).stdout.toString().trim().replace(/^v/, "");
  if (!nodeVersion.startsWith("24.")) throw new Error(`${node} is Node ${nodeVersion}, expected 24`);
  return { pkgDir, node, version, nodeVersion };
}
