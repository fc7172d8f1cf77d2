/**
 * `--compare context-mode@1.0.169`: installs that npm package and Node 24 (the `node` npm package)
 * into `.cache/bench-compare/<spec>/` with npm, once; later runs reuse the install. Only the
 * packages that need it may run install scripts: `node` (it links its binary) and
 * better-sqlite3 (the reference's native SQLite binding). The reference's own postinstall is not
 * run: it only edits agent configs under HOME. The install is shallow (the package's own
 * dependencies under its node_modules, as `npm i -g` lays them out): its hooks look for
 * better-sqlite3 there and run `npm install` on every call when it is hoisted elsewhere.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
    (name !== "context-mode" || existsSync(abiMarker(node, pkgDir)));
  if (!installed()) {
    mkdirSync(dir, { recursive: true });
    console.error(`installing ${spec} and node@24 into ${dir} (npm; the native SQLite binding compiles, a few minutes)…`);
    // Node 24 first, then the package with Node 24 first on PATH: node-gyp builds the binding for
    // the Node that runs it, and the reference's hooks rebuild a binding of another ABI on every call.
    npmInstall(dir, { node: "24" }, process.env.PATH ?? "");
    npmInstall(dir, { node: "24", [name]: version }, `${join(node, "..")}:${process.env.PATH ?? ""}`);
    if (name === "context-mode") seedAbiCache(node, pkgDir);
    if (!installed()) throw new Error(`npm install of ${spec} in ${dir} left it incomplete`);
  }
  const nodeVersion = Bun.spawnSync([node, "--version"]).stdout.toString().trim().replace(/^v/, "");
  if (!nodeVersion.startsWith("24.")) throw new Error(`${node} is Node ${nodeVersion}, expected 24`);
  return { pkgDir, node, version, nodeVersion };
}

function npmInstall(dir: string, dependencies: Record<string, string>, path: string): void {
  const manifest = { name: "ctxmode-bench-compare", private: true, allowScripts: { node: true, "better-sqlite3": true }, dependencies };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const r = Bun.spawnSync(["npm", "install", "--install-strategy=shallow", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    env: { ...process.env, PATH: path },
    stdout: "inherit",
    stderr: "inherit",
  });
  if (r.exitCode !== 0) throw new Error(`npm install in ${dir} failed (exit ${r.exitCode})`);
}

const bindingDir = (pkgDir: string) => join(pkgDir, "node_modules", "better-sqlite3", "build", "Release");

/** The file the reference's hooks keep for a binding built for the running Node's ABI. */
function abiMarker(node: string, pkgDir: string): string {
  const abi = Bun.spawnSync([node, "-p", "process.versions.modules"]).stdout.toString().trim();
  return join(bindingDir(pkgDir), `better_sqlite3.abi${abi}.node`);
}

/**
 * On Node >= 22.5 the reference stores everything through node:sqlite and never loads
 * better-sqlite3, but every hook first checks that a binding for the running Node's ABI is cached
 * and otherwise runs `npm rebuild better-sqlite3` (up to 60 s) in the hook. After a normal online
 * install the binding is built (or downloaded) for Node 24 and the first hook caches it. Offline,
 * node-gyp finds only the system Node's headers, so the binding is built for that ABI: here the
 * cache entry the first hook would have written is put in place from that build, which leaves the
 * hooks on the path they take on a user's machine (copy the cached binding in, go on).
 */
function seedAbiCache(node: string, pkgDir: string): void {
  const marker = abiMarker(node, pkgDir);
  const built = join(bindingDir(pkgDir), "better_sqlite3.node");
  if (!existsSync(marker) && existsSync(built)) copyFileSync(built, marker);
}
