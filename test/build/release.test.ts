import { beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256File } from "../../build/checksums.ts";
import { offlineBundleName } from "../../build/offline.ts";
import { checkBinaryFits, smokeRun } from "../../build/smoke.ts";
import { RELEASE_REPO, TARGETS, archiveName, archiveRoot, exeName, hostTarget, npmOs, npmPackageName } from "../../build/targets.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";
import { RELEASE_TIMEOUT_MS, releaseFixture, type ReleaseFixture } from "./release-fixture.ts";

let release: ReleaseFixture;
beforeAll(async () => {
  release = await releaseFixture();
  for (const line of release.log) console.log(`  ${line}`);
}, RELEASE_TIMEOUT_MS);

function sh(cmd: string[], cwd: string): { code: number; out: string } {
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, TZ: "UTC" } });
  return { code: r.exitCode ?? -1, out: r.stdout.toString() + r.stderr.toString() };
}

function unpack(archive: string): string {
  const dir = tempDir("ctxmode-unpack-");
  const r = archive.endsWith(".zip") ? sh(["unzip", "-q", archive, "-d", dir], dir) : sh(["tar", "-xf", archive, "-C", dir], dir);
  expect(r.out).toBe("");
  expect(r.code).toBe(0);
  return dir;
}

const OTHER_ASSETS = ["install.sh", "install.ps1", "OFFLINE.md", "NOTES.md", "VERSION"];

describe("bun run build:release", () => {
  test("every target has an archive, and SHA256SUMS lists exactly the release files, sorted", () => {
    const expected = [...TARGETS.map(archiveName), ...OTHER_ASSETS].sort();
    expect([...release.sums.keys()]).toEqual(expected);
    for (const [name, hash] of release.sums) expect(sha256File(join(release.releaseDir, name))).toBe(hash);
    const check = sh(["sha256sum", "-c", "SHA256SUMS"], release.releaseDir);
    expect(check.code).toBe(0);
    expect(check.out.trim().split("\n")).toHaveLength(expected.length);
  });

  test("each archive unpacks to ctxmode-<target>/ with an executable that fits its target, and the LICENSE", () => {
    for (const t of TARGETS) {
      const dir = unpack(join(release.releaseDir, archiveName(t)));
      expect(readdirSync(dir)).toEqual([archiveRoot(t)]);
      expect(readdirSync(join(dir, archiveRoot(t))).sort()).toEqual([exeName(t), "LICENSE"].sort());
      const bin = join(dir, archiveRoot(t), exeName(t));
      expect(statSync(bin).mode & 0o777).toBe(0o755);
      checkBinaryFits(bin, t);
    }
  }, 120_000);

  test("the archive for this machine runs: --version, and doctor's SQLite/FTS5 trigram checks pass", () => {
    const host = hostTarget();
    if (!host) {
      console.warn(`skipped: no release target for ${process.platform}-${process.arch}`);
      return;
    }
    const dir = unpack(join(release.releaseDir, archiveName(host)));
    const bin = join(dir, archiveRoot(host), exeName(host));
    const result = smokeRun(bin, host, [], release.version);
    expect(result.sqlite).toMatch(/^SQLite 3\.\d+\.\d+ \(bun:sqlite\)$/);
    const doctor = JSON.parse(sh([bin, "doctor", "--json"], dir).out);
    expect(doctor).toMatchObject({ version: release.version, channel: "release", runtime: "bun", ok: true });
  });

  test("one offline bundle per target: archive, the release's SHA256SUMS, that OS's installer, OFFLINE.md", () => {
    const sums = readFileSync(join(release.releaseDir, "SHA256SUMS"));
    for (const t of TARGETS) {
      const dir = unpack(join(release.releaseDir, "offline", offlineBundleName(t)));
      const folder = join(dir, `ctxmode-${t.name}-offline`);
      const installer = t.os === "windows" ? "install.ps1" : "install.sh";
      expect(readdirSync(folder).sort()).toEqual([archiveName(t), "OFFLINE.md", "SHA256SUMS", installer].sort());
      expect(Buffer.compare(readFileSync(join(folder, "SHA256SUMS")), sums)).toBe(0);
      const check = sh(["sha256sum", "-c", "--ignore-missing", "SHA256SUMS"], folder);
      expect(check.code).toBe(0);
      expect(check.out.trim().split("\n")).toHaveLength(3);
      if (installer === "install.sh") expect(statSync(join(folder, installer)).mode & 0o111).not.toBe(0);
    }
    const guide = readFileSync(join(release.releaseDir, "OFFLINE.md"), "utf8");
    expect(guide).toContain(`ctxmode ${release.version}`);
    expect(guide).toContain("sh install.sh --archive ctxmode-<target>.tar.gz --sums SHA256SUMS");
    expect(guide).not.toMatch(/\{\{/);
  }, 60_000);

  test("SIZES.md has a row per target with the archive's size", () => {
    const sizes = readFileSync(join(release.releaseDir, "SIZES.md"), "utf8");
    for (const t of TARGETS) {
      const mib = (statSync(join(release.releaseDir, archiveName(t))).size / 1024 / 1024).toFixed(1);
      expect(sizes).toContain(`| ${t.name} | \`${archiveName(t)}\` | ${mib} MiB |`);
    }
  });

  test("README's size table has every target, within 10% of this build's sizes", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const sizes = readFileSync(join(release.releaseDir, "SIZES.md"), "utf8");
    const row = (text: string, t: string) => new RegExp(`^\\| ${t} \\| \`[^\`]+\` \\| ([\\d.]+) MiB \\| ([\\d.]+) MiB \\|$`, "m").exec(text);
    for (const t of TARGETS) {
      const documented = row(readme, t.name);
      const built = row(sizes, t.name)!;
      expect(documented).not.toBeNull();
      for (const i of [1, 2]) expect(Math.abs(Number(documented![i]) / Number(built[i]) - 1)).toBeLessThan(0.1);
    }
  });

  test("install.ps1 takes the options install.sh does", () => {
    const ps1 = readFileSync(join(repoRoot, "installers", "install.ps1"), "utf8");
    const params = ps1.slice(ps1.indexOf("param("), ps1.indexOf(")\n", ps1.indexOf("param(")));
    for (const p of ["$Version", "$Archive", "$Sums", "$InstallDir", "$Target", "$NoModifyPath", "$Uninstall", "$DryRun"]) expect(params).toContain(p);
    // Refuses on a checksum mismatch, never exits the user's shell (irm | iex), edits the user PATH only.
    expect(ps1).toContain("checksum mismatch");
    expect(ps1).not.toMatch(/^\s*exit\b(?!.*PSCommandPath)/m);
    expect(ps1).toContain('OpenSubKey("Environment", $true)');
  });

  test("install.sh, install.ps1 and doctor's fix (the release URL) name the release repository of build/targets.ts", () => {
    expect(readFileSync(join(repoRoot, "installers", "install.sh"), "utf8")).toContain(`\nREPO="${RELEASE_REPO}"\n`);
    expect(readFileSync(join(repoRoot, "installers", "install.ps1"), "utf8")).toContain(`\n$Repo = "${RELEASE_REPO}"\n`);
    expect(readFileSync(join(repoRoot, "src", "config", "release.ts"), "utf8")).toContain(`https://github.com/${RELEASE_REPO}/releases/latest/download"`);
  });
});

describe("Homebrew formula", () => {
  const cases = [
    { os: "macos", cpu: "arm", target: "darwin-arm64" },
    { os: "macos", cpu: "intel", target: "darwin-x64" },
    { os: "linux", cpu: "arm", target: "linux-arm64" },
    { os: "linux", cpu: "intel", target: "linux-x64" },
  ];

  test("names each platform's archive URL and its sha256 from SHA256SUMS", () => {
    const formula = readFileSync(join(release.releaseDir, "homebrew", "ctxmode.rb"), "utf8");
    expect(formula).not.toMatch(/\{\{/);
    for (const c of cases) {
      const name = `ctxmode-${c.target}.tar.gz`;
      expect(formula).toContain(
        `url "https://github.com/${RELEASE_REPO}/releases/download/v${release.version}/${name}"\n      sha256 "${release.sums.get(name)}"`,
      );
    }
  });

  test("Ruby loads it, and each platform block picks its own archive (Formula DSL stubbed)", () => {
    if (!Bun.which("ruby")) {
      console.warn("skipped: ruby is not installed (.ci/run installs it)");
      return;
    }
    const formula = join(release.releaseDir, "homebrew", "ctxmode.rb");
    expect(sh(["ruby", "-c", formula], repoRoot).out).toContain("Syntax OK");
    // Just enough of Homebrew's class-level DSL to evaluate the formula for one OS and CPU.
    const stub = join(tempDir(), "eval.rb");
    writeFileSync(
      stub,
      [
        "OS_NAME, CPU = ARGV[1], ARGV[2]",
        "class Formula",
        "  class << self",
        "    def desc(*); end; def homepage(*); end; def license(*); end; def test(*); end",
        "    def version(v = nil) = v ? (@version = v) : @version",
        "    def url(v = nil) = v ? (@url = v) : @url",
        "    def sha256(v = nil) = v ? (@sha256 = v) : @sha256",
        "    def on_macos = (yield if OS_NAME == 'macos')",
        "    def on_linux = (yield if OS_NAME == 'linux')",
        "    def on_arm = (yield if CPU == 'arm')",
        "    def on_intel = (yield if CPU == 'intel')",
        "  end",
        "end",
        "load ARGV[0]",
        "puts [Ctxmode.version, Ctxmode.url, Ctxmode.sha256].join(' ')",
      ].join("\n"),
    );
    for (const c of cases) {
      const r = sh(["ruby", stub, formula, c.os, c.cpu], repoRoot);
      expect(r.code).toBe(0);
      const name = `ctxmode-${c.target}.tar.gz`;
      expect(r.out.trim()).toBe(
        `${release.version} https://github.com/${RELEASE_REPO}/releases/download/v${release.version}/${name} ${release.sums.get(name)}`,
      );
    }
  });
});

describe("winget manifests", () => {
  test("version, installer and locale manifests agree, and the installers match SHA256SUMS and the zips", () => {
    const dir = join(release.releaseDir, "winget", "manifests", "c", "ctxmode", "ctxmode", release.version);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(["ctxmode.ctxmode.installer.yaml", "ctxmode.ctxmode.locale.en-US.yaml", "ctxmode.ctxmode.yaml"]);
    const docs = files.map((f) => Bun.YAML.parse(readFileSync(join(dir, f), "utf8")) as Record<string, any>);
    for (const doc of docs) {
      expect(doc.PackageIdentifier).toBe("ctxmode.ctxmode");
      expect(doc.PackageVersion).toBe(release.version);
      expect(doc.ManifestVersion).toBe("1.6.0");
    }
    expect(docs.map((d) => d.ManifestType)).toEqual(["installer", "defaultLocale", "version"]);
    const installer = docs[0]!;
    expect(installer).toMatchObject({ InstallerType: "zip", NestedInstallerType: "portable", Commands: ["ctxmode"] });
    const windows = TARGETS.filter((t) => t.os === "windows");
    expect(installer.Installers.map((i: any) => i.Architecture)).toEqual(windows.map((t) => t.arch));
    for (const [i, t] of windows.entries()) {
      const entry = installer.Installers[i];
      expect(entry.InstallerUrl).toBe(`https://github.com/${RELEASE_REPO}/releases/download/v${release.version}/${archiveName(t)}`);
      expect(entry.InstallerSha256).toMatch(/^[0-9A-F]{64}$/);
      expect(entry.InstallerSha256.toLowerCase()).toBe(release.sums.get(archiveName(t)));
      const nested = entry.NestedInstallerFiles[0];
      expect(nested.PortableCommandAlias).toBe("ctxmode");
      const listed = sh(["unzip", "-Z1", join(release.releaseDir, archiveName(t))], repoRoot).out.split("\n");
      expect(listed).toContain(nested.RelativeFilePath.replaceAll("\\", "/"));
    }
  });
});

describe("npm packages", () => {
  test("one package per target with os/cpu/libc and a verified binary; the wrapper pins them all exactly", () => {
    const wrapper = JSON.parse(readFileSync(join(release.npmDir, "ctxmode", "package.json"), "utf8"));
    expect(wrapper).toMatchObject({
      name: "ctxmode",
      version: release.version,
      bin: { ctxmode: "bin/ctxmode" },
      scripts: { postinstall: "node lib/postinstall.js" },
    });
    expect(Object.keys(wrapper.optionalDependencies)).toEqual(TARGETS.map(npmPackageName));
    for (const t of TARGETS) {
      const name = npmPackageName(t);
      expect(wrapper.optionalDependencies[name]).toBe(release.version);
      const dir = join(release.npmDir, name);
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(manifest).toMatchObject({ name, version: release.version, os: [npmOs(t)], cpu: [t.arch] });
      expect(manifest.libc).toEqual(t.libc ? [t.libc] : undefined);
      const bin = join(dir, "bin", exeName(t));
      expect(wrapper.ctxmode.binaryHashes[name]).toBe(sha256File(bin));
      checkBinaryFits(bin, t);
    }
  }, 60_000);

  test("the wrapper carries the Node build, free of bun: imports, and its launcher files", () => {
    const dir = join(release.npmDir, "ctxmode");
    for (const f of ["bin/ctxmode", "lib/shim.js", "lib/platform.js", "lib/postinstall.js", "dist/node/ctxmode.mjs", "README.md", "LICENSE"]) {
      expect(existsSync(join(dir, f))).toBe(true);
    }
    const node = readdirSync(join(dir, "dist", "node"), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".mjs"));
    const all = node.map((f) => readFileSync(join(dir, "dist", "node", f), "utf8")).join("\n");
    expect(all).not.toMatch(/["']bun:[a-z]/);
  });
});
