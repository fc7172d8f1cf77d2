/**
 * The one table of release targets. Every name a release uses (Bun compile target, archive,
 * npm package, executable) is derived here, so installers, npm packages and manifests agree.
 */
export type Os = "linux" | "darwin" | "windows";
export type Arch = "x64" | "arm64";
export type Libc = "glibc" | "musl";

export interface Target {
  /** `linux-x64-musl`: the suffix of every asset and package name. */
  name: string;
  os: Os;
  arch: Arch;
  /** Linux only. */
  libc?: Libc;
  bunTarget: Bun.Build.CompileTarget;
}

function target(os: Os, arch: Arch, libc?: Libc): Target {
  const name = `${os}-${arch}${libc === "musl" ? "-musl" : ""}`;
  return { name, os, arch, ...(libc ? { libc } : {}), bunTarget: `bun-${name}` as Bun.Build.CompileTarget };
}

/**
 * Bun >= 1.4 ships one x64 runtime that picks AVX2/AVX-512 paths at run time, so there are no
 * `-baseline` rows. Windows on arm64 is a Bun 1.4 target too.
 */
export const TARGETS: readonly Target[] = [
  target("linux", "x64", "glibc"),
  target("linux", "arm64", "glibc"),
  target("linux", "x64", "musl"),
  target("linux", "arm64", "musl"),
  target("darwin", "x64"),
  target("darwin", "arm64"),
  target("windows", "x64"),
  target("windows", "arm64"),
];

/** Where releases are published. install.sh and install.ps1 carry the same default (a test checks it). */
export const RELEASE_REPO = "ctxmode/ctxmode";
export const HOMEPAGE = `https://github.com/${RELEASE_REPO}`;

/** Directory URL holding one version's assets (archives, SHA256SUMS, installers). */
export function releaseBaseUrl(version: string): string {
  return `${HOMEPAGE}/releases/download/v${version}`;
}

/** `ctxmode` or `ctxmode.exe`: the fixed file name of the executable in every archive and package. */
export function exeName(t: Target): string {
  return t.os === "windows" ? "ctxmode.exe" : "ctxmode";
}

/** `ctxmode-linux-x64.tar.gz` / `ctxmode-windows-x64.zip`: no version, so `latest/download/…` URLs work. */
export function archiveName(t: Target): string {
  return `ctxmode-${t.name}.${t.os === "windows" ? "zip" : "tar.gz"}`;
}

/** The folder every archive unpacks to. */
export function archiveRoot(t: Target): string {
  return `ctxmode-${t.name}`;
}

/** npm package holding this target's binary. */
export function npmPackageName(t: Target): string {
  return `ctxmode-${t.name}`;
}

/** npm's `os` value (`process.platform`). */
export function npmOs(t: Target): string {
  return t.os === "windows" ? "win32" : t.os;
}

export function findTarget(name: string): Target {
  const t = TARGETS.find((x) => x.name === name);
  if (!t) throw new Error(`unknown target ${name}; known: ${TARGETS.map((x) => x.name).join(", ")}`);
  return t;
}

/** The target this process runs on, or undefined on a platform without a release binary. */
export function hostTarget(): Target | undefined {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch;
  return TARGETS.find((t) => t.os === os && t.arch === arch && (t.os !== "linux" || t.libc === hostLibc()));
}

function hostLibc(): Libc {
  // glibc reports its version in the process report header; musl has no such field.
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report?.header?.glibcVersionRuntime ? "glibc" : "musl";
}
