/**
 * npm packages under dist/npm/: one `ctxmode-<target>` package per binary (with `os`/`cpu`/`libc`
 * so package managers install only the matching one) and the `ctxmode` wrapper that depends on
 * all of them at the exact version, carries their sha256 and the Node build as the fallback.
 */
import { chmodSync, copyFileSync, cpSync, linkSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { sha256File } from "./checksums.ts";
import { pluginsDir } from "./plugins.ts";
import { HOMEPAGE, exeName, npmOs, npmPackageName, type Target } from "./targets.ts";

const root = join(import.meta.dir, "..");
const repository = { type: "git", url: `git+${HOMEPAGE}.git` };

export interface BuiltBinary {
  target: Target;
  /** The compiled executable. */
  file: string;
}

export interface NpmPackages {
  wrapperDir: string;
  /** package name -> directory */
  platformDirs: Map<string, string>;
  /** package name -> sha256 of its binary */
  binaryHashes: Record<string, string>;
}

/** Writes every package directory, ready for `npm pack` / `npm publish`. */
export function writeNpmPackages(binaries: readonly BuiltBinary[], nodeBundleDir: string, outDir: string): NpmPackages {
  rmSync(outDir, { recursive: true, force: true });
  const platformDirs = new Map<string, string>();
  const binaryHashes: Record<string, string> = {};
  for (const { target, file } of binaries) {
    const name = npmPackageName(target);
    const dir = join(outDir, name);
    platformDirs.set(name, dir);
    binaryHashes[name] = writePlatformPackage(target, file, dir);
  }
  const wrapperDir = join(outDir, "ctxmode");
  writeWrapperPackage(binaryHashes, nodeBundleDir, wrapperDir);
  return { wrapperDir, platformDirs, binaryHashes };
}

function writePlatformPackage(target: Target, binary: string, dir: string): string {
  mkdirSync(join(dir, "bin"), { recursive: true });
  const dest = join(dir, "bin", exeName(target));
  linkOrCopy(binary, dest);
  chmodSync(dest, 0o755);
  const libc = target.libc ? { libc: [target.libc] } : {};
  writeJson(join(dir, "package.json"), {
    name: npmPackageName(target),
    version: pkg.version,
    description: `The ctxmode executable for ${describe(target)}. Install \`ctxmode\`, which picks this package when it fits.`,
    license: pkg.license,
    homepage: HOMEPAGE,
    repository,
    os: [npmOs(target)],
    cpu: [target.arch],
    ...libc,
    files: ["bin"],
    preferUnplugged: true,
  });
  writeFileSync(
    join(dir, "README.md"),
    `# ${npmPackageName(target)}\n\nThe ctxmode executable for ${describe(target)}. Install [\`ctxmode\`](https://www.npmjs.com/package/ctxmode) instead; it depends on this package and runs it.\n`,
  );
  copyFileSync(join(root, "LICENSE"), join(dir, "LICENSE"));
  return sha256File(dest);
}

function writeWrapperPackage(binaryHashes: Record<string, string>, nodeBundleDir: string, dir: string): void {
  const npmSrc = join(root, "installers", "npm");
  mkdirSync(join(dir, "bin"), { recursive: true });
  copyFileSync(join(npmSrc, "bin", "ctxmode"), join(dir, "bin", "ctxmode"));
  chmodSync(join(dir, "bin", "ctxmode"), 0o755);
  cpSync(join(npmSrc, "lib"), join(dir, "lib"), { recursive: true });
  cpSync(nodeBundleDir, join(dir, "dist", "node"), { recursive: true });
  copyFileSync(join(npmSrc, "README.md"), join(dir, "README.md"));
  copyFileSync(join(root, "LICENSE"), join(dir, "LICENSE"));
  // What `opencode plugin add ctxmode` and `pi install npm:ctxmode` load (bundled by build/plugins.ts).
  mkdirSync(join(dir, "opencode"), { recursive: true });
  mkdirSync(join(dir, "pi"), { recursive: true });
  copyFileSync(join(pluginsDir, "opencode-npm.mjs"), join(dir, "opencode", "plugin.mjs"));
  copyFileSync(join(pluginsDir, "pi-npm.mjs"), join(dir, "pi", "extension.mjs"));
  cpSync(join(root, "skills"), join(dir, "skills"), { recursive: true, filter: (src) => !src.endsWith("README.md") });
  const optionalDependencies = Object.fromEntries(Object.keys(binaryHashes).map((name) => [name, pkg.version]));
  writeJson(join(dir, "package.json"), {
    name: "ctxmode",
    version: pkg.version,
    description: pkg.description,
    license: pkg.license,
    homepage: HOMEPAGE,
    repository,
    type: "commonjs",
    bin: { ctxmode: "bin/ctxmode" },
    // OpenCode imports the package's main; Pi reads the `pi` manifest (extension and skills).
    main: "./opencode/plugin.mjs",
    keywords: ["pi-package", "opencode", "mcp"],
    pi: { extensions: ["./pi/extension.mjs"], skills: ["./skills"] },
    files: ["bin", "lib", "dist", "opencode", "pi", "skills"],
    scripts: { postinstall: "node lib/postinstall.js" },
    // The Node build loads html-rewriter-wasm at run time (it reads its .wasm beside itself).
    dependencies: { "html-rewriter-wasm": pkg.dependencies["html-rewriter-wasm"] },
    optionalDependencies,
    ctxmode: { binaryHashes },
  });
}

function describe(t: Target): string {
  const os = { linux: "Linux", darwin: "macOS", windows: "Windows" }[t.os];
  return `${os} ${t.arch}${t.libc ? ` (${t.libc})` : ""}`;
}

function linkOrCopy(from: string, to: string): void {
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
