import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { runSync } from "#process";
import { pluginHosts, pluginNote } from "../agents/plugin-route.ts";
import { type Config, loadConfig } from "../config/config.ts";
import { hostPaths } from "../config/host-paths.ts";
import { VERSION } from "../config/constants.ts";
import { detectChannel, type Channel } from "../config/release.ts";
import { compareVersions } from "../config/semver.ts";
import { CtxError, errorMessage } from "../errors.ts";
import { printJson } from "./context.ts";

const PACKAGE_MANAGER: Record<Exclude<Channel, "standalone">, string[]> = {
  homebrew: ["brew", "upgrade", "ctxmode"],
  npm: ["npm", "i", "-g", "ctxmode@latest"],
  winget: ["winget", "upgrade", "ctxmode.ctxmode"],
};

/** `ctxmode-linux-x64-musl.tar.gz`: the release archive for this machine (build/targets.ts names). */
function archiveName(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const musl = process.platform === "linux" && readdirSafe("/lib").some((f) => f.startsWith("ld-musl-"));
  return `ctxmode-${os}-${process.arch}${musl ? "-musl" : ""}.${os === "windows" ? "zip" : "tar.gz"}`;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * `ctxmode upgrade [--check]`: a package-manager install is upgraded by its package manager; a
 * standalone binary downloads the release archive and SHA256SUMS (from CTXMODE_RELEASE_URL when
 * set), refuses a checksum mismatch, checks the new binary runs, and replaces itself in one rename.
 * Then setup repairs the hosts it had registered. `--check` downloads and verifies, and replaces nothing.
 */
export async function upgradeCommand(opts: { check?: boolean; json?: boolean }): Promise<number> {
  const config = loadConfig();
  const self = process.execPath;
  if (!basename(self).startsWith("ctxmode")) throw new CtxError("BAD_INPUT", "upgrade runs from the installed ctxmode binary");
  const channel = detectChannel(realpathSync(self));
  const say = (line: string) => (opts.json ? undefined : process.stdout.write(line + "\n"));
  if (channel !== "standalone") {
    const cmd = PACKAGE_MANAGER[channel];
    if (opts.check) {
      if (opts.json) printJson({ channel, current: VERSION, command: cmd.join(" ") });
      else say(`ctxmode ${VERSION} (${channel}); upgrade with: ${cmd.join(" ")}`);
      return 0;
    }
    const r = runSync(cmd, { stdout: "inherit", stderr: "inherit" });
    if (r.exitCode !== 0) throw new CtxError("UNREADABLE", `\`${cmd.join(" ")}\` exited ${r.exitCode}`);
    return repair(self, config, say);
  }

  const base = config.releaseUrl;
  const archive = archiveName();
  const sums = await download(`${base}/SHA256SUMS`);
  const line = new TextDecoder()
    .decode(sums)
    .split("\n")
    .find((l) => l.trim().endsWith(` ${archive}`) || l.trim().endsWith(`*${archive}`));
  if (!line) throw new CtxError("UNREADABLE", `${base}/SHA256SUMS has no line for ${archive}`);
  const expected = line.trim().split(/\s+/)[0]!.toLowerCase();
  const bytes = await download(`${base}/${archive}`);
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== expected) throw new CtxError("UNREADABLE", `checksum mismatch for ${archive} (expected ${expected}, got ${actual}); nothing was replaced`);

  // Unpacked beside the binary, so the final rename stays on one file system.
  const work = mkdtempSync(join(dirname(self), ".ctxmode-upgrade-"));
  try {
    const file = join(work, archive);
    writeFileSync(file, bytes);
    const unpack = archive.endsWith(".zip") ? ["tar", "-xf", file, "-C", work] : ["tar", "-xzf", file, "-C", work];
    const u = runSync(unpack);
    if (u.exitCode !== 0) throw new CtxError("UNREADABLE", `cannot unpack ${archive}: ${u.stderr.trim()}`);
    const fresh = findExe(work, basename(self));
    if (!fresh) throw new CtxError("UNREADABLE", `${archive} holds no ${basename(self)}`);
    chmodSync(fresh, 0o755);
    const v = runSync([fresh, "--version"], { timeout: 30_000 });
    const version = v.stdout.trim().replace(/^ctxmode\s+/, "");
    if (v.exitCode !== 0 || !version) throw new CtxError("UNREADABLE", `the downloaded binary does not run on this machine; nothing was replaced`);
    const order = compareVersions(version, VERSION);
    if (opts.check) {
      if (opts.json) printJson({ channel, current: VERSION, latest: version, url: `${base}/${archive}` });
      else say(order === 1 ? `ctxmode ${version} is available (this is ${VERSION}); run \`ctxmode upgrade\`` : noUpgrade(version, order));
      return 0;
    }
    // Never a downgrade: a build as new as the release, or newer, stays.
    if (order !== 1) {
      say(noUpgrade(version, order));
      return 0;
    }
    replaceSelf(self, fresh);
    say(`ctxmode upgraded: ${VERSION} -> ${version} (${self})`);
    return repair(self, config, say);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Why the release `latest` is no upgrade, given how it orders against this build. */
function noUpgrade(latest: string, order: number | undefined): string {
  if (order === 0) return `ctxmode ${VERSION} is the latest release`;
  if (order === -1) return `ctxmode ${VERSION} is newer than the latest release (${latest})`;
  return `ctxmode ${VERSION} is not a release build; the latest release is ${latest}`;
}

async function download(url: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  } catch (err) {
    throw new CtxError("UNREADABLE", `cannot download ${url}: ${errorMessage(err)}`);
  }
  if (!res.ok) throw new CtxError("UNREADABLE", `cannot download ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

function findExe(dir: string, name: string): string | undefined {
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) {
      const found = findExe(p, name);
      if (found) return found;
    } else if (entry === name) return p;
  }
  return undefined;
}

/** One rename over the old binary; Windows cannot replace a running exe, so it is renamed aside first. */
function replaceSelf(self: string, fresh: string): void {
  if (process.platform === "win32") {
    const aside = `${self}.old`;
    rmSync(aside, { force: true });
    renameSync(self, aside);
  }
  renameSync(fresh, self);
}

/**
 * Re-runs setup for the hosts setup had registered, so they point at the upgraded binary; a host
 * with ctxmode's plugin gets the host's own update command (its launcher finds the new binary already).
 */
function repair(self: string, config: Config, say: (line: string) => void): number {
  for (const host of pluginHosts(hostPaths(config.env, config.home, config.dataDir))) say(`${host.id}: ${pluginNote(host, "update")}`);
  const hosts = readdirSafe(join(config.dataDir, "registered"));
  if (hosts.length === 0) return 0;
  const r = runSync([self, "setup", "--yes", "--agents", hosts.join(",")], { stdout: "inherit", stderr: "inherit" });
  if (r.exitCode !== 0) say("setup could not repair every host; run `ctxmode doctor`");
  return r.exitCode === 0 ? 0 : 1;
}
