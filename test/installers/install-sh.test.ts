import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hostTarget } from "../../build/targets.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";
import { RELEASE_TIMEOUT_MS, releaseFixture, type ReleaseFixture } from "../build/release-fixture.ts";

const script = join(repoRoot, "installers", "install.sh");
const host = hostTarget();

let release: ReleaseFixture;
let server: ReturnType<typeof Bun.serve>;
/** Paths the server was asked for, e.g. `/good/SHA256SUMS`. */
const requests: string[] = [];
let tampered: string;

beforeAll(async () => {
  release = await releaseFixture();
  // The same release with one byte of the host's archive changed and SHA256SUMS left as it was.
  // Made here, removed in afterAll below: a tempDir() made inside beforeAll is gone before the tests run.
  tampered = mkdtempSync(join(tmpdir(), "ctxmode-tampered-"));
  for (const f of readdirSync(release.releaseDir))
    if (f.endsWith(".tar.gz") || f === "SHA256SUMS") copyFileSync(join(release.releaseDir, f), join(tampered, f));
  if (host) {
    const archive = join(tampered, `ctxmode-${host.name}.tar.gz`);
    const bytes = readFileSync(archive);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0x01;
    writeFileSync(archive, bytes);
  }
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      requests.push(path);
      const [, dir, file] = path.split("/");
      const root = dir === "good" ? release.releaseDir : dir === "tampered" ? tampered : undefined;
      if (!root || !file || file.includes("..") || !existsSync(join(root, file))) return new Response("not found", { status: 404 });
      return new Response(Bun.file(join(root, file)));
    },
  });
}, RELEASE_TIMEOUT_MS);

afterAll(() => {
  server?.stop(true);
  rmSync(tampered, { recursive: true, force: true });
});

/** A port nothing listens on: bound, then released. */
function closedPort(): number {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface Sandbox {
  home: string;
  /** Runs install.sh; asynchronous, so the test's HTTP server keeps answering meanwhile. */
  run(args: string[], env?: Record<string, string>, shell?: string[]): Promise<Run>;
  installed: string;
}

/** A temp HOME with a bash rc that already has a line of the user's own. */
function sandbox(): Sandbox {
  const home = join(tempDir("ctxmode-home-"), "home");
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, ".bashrc"), "alias ll='ls -l'\n");
  return {
    home,
    installed: join(home, ".ctxmode", "bin", "ctxmode"),
    async run(args, env = {}, shell = ["sh"]) {
      const proc = Bun.spawn([...shell, script, ...args], {
        cwd: home,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, SHELL: "/bin/bash", TMPDIR: process.env.TMPDIR ?? "/tmp", ...env },
        stdin: "ignore",
        stdout: "pipe",
        stderr: "pipe",
        timeout: 50_000,
      });
      const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      return { code, stdout, stderr };
    },
  };
}

/** A PATH folder holding every busybox applet but `without`, and nothing else (no curl, no coreutils). */
function busyboxOnly(box: Sandbox, without: string[]): string {
  const busybox = Bun.which("busybox")!;
  const bin = join(box.home, "..", "busybox-bin");
  mkdirSync(bin);
  const applets = Bun.spawnSync([busybox, "--list"], { stdout: "pipe" }).stdout.toString().split("\n").filter(Boolean);
  for (const applet of applets.filter((a) => !without.includes(a))) {
    writeFileSync(join(bin, applet), `#!${busybox} sh\nexec ${busybox} ${applet} "$@"\n`);
    chmodSync(join(bin, applet), 0o755);
  }
  return bin;
}

function rcLines(home: string): string[] {
  return readFileSync(join(home, ".bashrc"), "utf8").split("\n");
}

/** Shells the script must run under: the system sh, plus dash, bash and busybox when installed. */
const shells: { name: string; argv: string[] }[] = [
  { name: "sh", argv: ["sh"] },
  ...(Bun.which("dash") ? [{ name: "dash", argv: ["dash"] }] : []),
  ...(Bun.which("bash") ? [{ name: "bash --posix", argv: ["bash", "--posix"] }] : []),
  ...(Bun.which("busybox") ? [{ name: "busybox sh", argv: ["busybox", "sh"] }] : []),
];
for (const missing of ["dash", "busybox"])
  if (!Bun.which(missing)) console.warn(`install.sh: not run under ${missing}: it is not installed (.ci/run installs it)`);

describe("install.sh", () => {
  test("passes shellcheck as a POSIX sh script", async () => {
    if (!Bun.which("shellcheck")) {
      console.warn("skipped: shellcheck is not installed (.ci/run installs it)");
      return;
    }
    const r = Bun.spawnSync(["shellcheck", "--shell=sh", "--severity=style", script], { stdout: "pipe", stderr: "pipe" });
    expect(r.stdout.toString()).toBe("");
    expect(r.exitCode).toBe(0);
  });

  for (const shell of shells) {
    describe(`under ${shell.name}`, () => {
      test("downloads, verifies, installs into ~/.ctxmode/bin, adds PATH once, and the binary runs", async () => {
        if (!host) return console.warn(`skipped: no release target for ${process.platform}-${process.arch}`);
        const box = sandbox();
        const url = `http://127.0.0.1:${server.port}/good`;
        const first = await box.run([], { CTXMODE_RELEASE_URL: url }, shell.argv);
        expect(first.stderr).toBe("");
        expect(first.code).toBe(0);
        expect(first.stdout).toContain(`verified sha256 of ctxmode-${host.name}.tar.gz`);
        expect(first.stdout).toContain(`installed ctxmode ${release.version} to ${box.installed}`);
        expect(first.stdout).toContain("next: ctxmode setup");
        const v = Bun.spawnSync([box.installed, "--version"], { stdout: "pipe" });
        expect(v.stdout.toString().trim()).toBe(`ctxmode ${release.version}`);
        const pathLine = `export PATH="${join(box.home, ".ctxmode", "bin")}:$PATH"`;
        expect(rcLines(box.home).filter((l) => l === pathLine)).toHaveLength(1);
        expect(rcLines(box.home)[0]).toBe("alias ll='ls -l'");

        // A second run replaces the binary and leaves the rc file as it was.
        const second = await box.run([], { CTXMODE_RELEASE_URL: url }, shell.argv);
        expect(second.code).toBe(0);
        expect(second.stdout).not.toContain("added");
        expect(rcLines(box.home).filter((l) => l === pathLine)).toHaveLength(1);
        expect(readdirSync(join(box.home, ".ctxmode", "bin"))).toEqual(["ctxmode"]);
      }, 60_000);

      test("refuses an archive whose sha256 does not match SHA256SUMS, and installs nothing", async () => {
        if (!host) return;
        const box = sandbox();
        const r = await box.run([], { CTXMODE_RELEASE_URL: `http://127.0.0.1:${server.port}/tampered` }, shell.argv);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(
          /^ctxmode install: checksum mismatch for ctxmode-[\w-]+\.tar\.gz \(expected [0-9a-f]{64}, got [0-9a-f]{64}\); refusing to install\n$/,
        );
        expect(existsSync(join(box.home, ".ctxmode"))).toBe(false);
        expect(rcLines(box.home)).toEqual(["alias ll='ls -l'", ""]);
      }, 60_000);

      test("--archive with --sums installs with the release URL on a closed port and asks the server nothing", async () => {
        if (!host) return;
        const box = sandbox();
        const before = requests.length;
        const r = await box.run(
          ["--archive", join(release.releaseDir, `ctxmode-${host.name}.tar.gz`), "--sums", join(release.releaseDir, "SHA256SUMS"), "--no-modify-path"],
          { CTXMODE_RELEASE_URL: `http://127.0.0.1:${closedPort()}/nothing-here` },
          shell.argv,
        );
        expect(r.stderr).toBe("");
        expect(r.code).toBe(0);
        expect(r.stdout).not.toContain("downloading");
        expect(requests.length).toBe(before);
        expect(existsSync(box.installed)).toBe(true);
        expect(rcLines(box.home)).toEqual(["alias ll='ls -l'", ""]);
      }, 60_000);

      test("--uninstall removes the binary, its folder and the PATH line, and keeps the user's data and rc lines", async () => {
        if (!host) return;
        const box = sandbox();
        expect((await box.run([], { CTXMODE_RELEASE_URL: `http://127.0.0.1:${server.port}/good` }, shell.argv)).code).toBe(0);
        mkdirSync(join(box.home, ".ctxmode", "projects"), { recursive: true });
        const r = await box.run(["--uninstall"], {}, shell.argv);
        expect(r.code).toBe(0);
        expect(r.stdout).toContain(`removed ${box.installed}`);
        expect(existsSync(join(box.home, ".ctxmode", "bin"))).toBe(false);
        expect(existsSync(join(box.home, ".ctxmode", "projects"))).toBe(true);
        expect(rcLines(box.home)).toEqual(["alias ll='ls -l'", ""]);
      }, 60_000);
    });
  }

  test("--install-dir, zsh's rc file and --version: a version the archive does not hold is refused", async () => {
    if (!host) return;
    const box = sandbox();
    const dir = join(box.home, "tools", "bin");
    const url = `http://127.0.0.1:${server.port}/good`;
    const ok = await box.run(["--install-dir", dir, "--version", `v${release.version}`], { CTXMODE_RELEASE_URL: url, SHELL: "/usr/bin/zsh" });
    expect(ok.code).toBe(0);
    expect(existsSync(join(dir, "ctxmode"))).toBe(true);
    expect(readFileSync(join(box.home, ".zshrc"), "utf8")).toContain(`export PATH="${dir}:$PATH"`);
    const wrong = await box.run(["--install-dir", join(box.home, "other"), "--version", "9.9.9"], { CTXMODE_RELEASE_URL: url });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(`ctxmode install: asked for 9.9.9 but the archive holds ${release.version}\n`);
    expect(existsSync(join(box.home, "other"))).toBe(false);
  }, 60_000);

  test("with nothing but busybox on PATH (as on Alpine): wget downloads, busybox sha256sum and tar verify and unpack", async () => {
    if (!host || !Bun.which("busybox")) return console.warn("skipped: busybox is not installed");
    const box = sandbox();
    const r = await box.run([], { PATH: busyboxOnly(box, []), CTXMODE_RELEASE_URL: `http://127.0.0.1:${server.port}/good` }, [Bun.which("busybox")!, "sh"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`installed ctxmode ${release.version}`);
  }, 60_000);

  test("without curl, GNU wget downloads", async () => {
    if (!host || !Bun.which("wget")) return console.warn("skipped: wget is not installed");
    const box = sandbox();
    const bin = join(box.home, "..", "no-curl-bin");
    mkdirSync(bin);
    for (const dir of ["/usr/local/bin", "/usr/bin", "/bin"]) {
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)) if (name !== "curl" && !existsSync(join(bin, name))) symlinkSync(join(dir, name), join(bin, name));
    }
    const r = await box.run([], { PATH: bin, CTXMODE_RELEASE_URL: `http://127.0.0.1:${server.port}/good` });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(existsSync(box.installed)).toBe(true);
  }, 60_000);

  test("refuses to install when neither sha256sum nor shasum exists (busybox without its sha256sum)", async () => {
    if (!host || !Bun.which("busybox")) return console.warn("skipped: busybox is not installed");
    const box = sandbox();
    const busybox = Bun.which("busybox")!;
    const r = await box.run(["--archive", join(release.releaseDir, `ctxmode-${host.name}.tar.gz`)], { PATH: busyboxOnly(box, ["sha256sum"]) }, [busybox, "sh"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("ctxmode install: cannot verify: neither sha256sum nor shasum is installed; refusing to install an unverified archive\n");
    expect(existsSync(box.installed)).toBe(false);
  }, 60_000);

  test("refuses an archive that SHA256SUMS does not list, and a missing SHA256SUMS", async () => {
    const box = sandbox();
    const dir = tempDir();
    writeFileSync(join(dir, "ctxmode-linux-x64.tar.gz"), "not a release");
    const noSums = await box.run(["--archive", join(dir, "ctxmode-linux-x64.tar.gz")]);
    expect(noSums.stderr).toBe(`ctxmode install: no SHA256SUMS to verify ${join(dir, "ctxmode-linux-x64.tar.gz")} against; pass --sums FILE\n`);
    writeFileSync(join(dir, "SHA256SUMS"), `${"0".repeat(64)}  ctxmode-darwin-x64.tar.gz\n`);
    const unlisted = await box.run(["--archive", join(dir, "ctxmode-linux-x64.tar.gz")]);
    expect(unlisted.code).toBe(1);
    expect(unlisted.stderr).toBe("ctxmode install: SHA256SUMS has no line for ctxmode-linux-x64.tar.gz; refusing to install an unverified archive\n");
  });
});

describe("install.sh target detection (uname, getconf, ldd and sysctl answers faked on PATH)", () => {
  const cases: { os: string; arch: string; libc?: "glibc" | "musl"; rosetta?: boolean; want: string | RegExp }[] = [
    { os: "Linux", arch: "x86_64", libc: "glibc", want: "linux-x64" },
    { os: "Linux", arch: "aarch64", libc: "glibc", want: "linux-arm64" },
    { os: "Linux", arch: "x86_64", libc: "musl", want: "linux-x64-musl" },
    { os: "Linux", arch: "aarch64", libc: "musl", want: "linux-arm64-musl" },
    { os: "Darwin", arch: "arm64", want: "darwin-arm64" },
    { os: "Darwin", arch: "x86_64", want: "darwin-x64" },
    { os: "Darwin", arch: "x86_64", rosetta: true, want: "darwin-arm64" },
    { os: "MINGW64_NT-10.0-19045", arch: "x86_64", want: /on Windows use PowerShell: irm .*\/install\.ps1 \| iex/ },
    { os: "FreeBSD", arch: "amd64", want: /no ctxmode binary for FreeBSD; with Node >= 22\.13 use: npm i -g ctxmode/ },
    { os: "Linux", arch: "riscv64", libc: "glibc", want: /no ctxmode binary for riscv64/ },
  ];
  for (const c of cases) {
    const label = `${c.os} ${c.arch}${c.libc ? ` ${c.libc}` : ""}${c.rosetta ? " under Rosetta" : ""}`;
    test(`${label} -> ${c.want}`, async () => {
      const box = sandbox();
      const bin = join(box.home, "..", "fake-bin");
      mkdirSync(bin);
      const fake = (name: string, body: string) => {
        writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
        chmodSync(join(bin, name), 0o755);
      };
      fake("uname", `case "$1" in -s) echo '${c.os}' ;; -m) echo '${c.arch}' ;; *) echo '${c.os}' ;; esac`);
      fake("getconf", c.libc === "glibc" ? "echo 'glibc 2.36'" : "exit 1");
      fake("ldd", c.libc === "musl" ? "echo 'musl libc (x86_64)' >&2; exit 1" : "echo 'ldd (GNU libc) 2.36'");
      fake("sysctl", c.rosetta ? "echo 1" : "echo 0");
      const r = await box.run(["--dry-run"], { PATH: `${bin}:${process.env.PATH}` });
      if (typeof c.want === "string") {
        expect(r.stderr).toBe("");
        expect(r.stdout).toContain(`target:      ${c.want}\n`);
        expect(r.stdout).toContain(`/releases/latest/download/ctxmode-${c.want}.tar.gz\n`);
      } else {
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(c.want);
      }
    });
  }
});

describe("offline bundle", () => {
  test("installs, and doctor, index and search run, inside a network namespace with no network at all", async () => {
    if (!host) return;
    const probe = Bun.spawnSync(["unshare", "--net", "true"], { stderr: "pipe" });
    if (probe.exitCode !== 0) return console.warn(`skipped: unshare --net is not permitted here (${probe.stderr.toString().trim()})`);
    const box = sandbox();
    const unpacked = join(box.home, "..", "usb-stick");
    mkdirSync(unpacked);
    expect(Bun.spawnSync(["tar", "-xf", join(release.releaseDir, "offline", `ctxmode-${host.name}-offline.tar`), "-C", unpacked]).exitCode).toBe(0);
    const steps = [
      "set -e",
      // Proof of the setting: this namespace's only interface is its loopback, and that is down.
      `[ "$(awk -F: 'NR > 2 { gsub(/ /, "", $1); print $1 }' /proc/net/dev)" = lo ] || { echo 'not isolated' >&2; exit 9; }`,
      "if curl -s -o /dev/null --max-time 2 http://127.0.0.1:" + server.port + "/good/SHA256SUMS; then echo 'loopback reachable' >&2; exit 9; fi",
      `cd ctxmode-${host.name}-offline`,
      `sh install.sh --archive ctxmode-${host.name}.tar.gz --sums SHA256SUMS --no-modify-path`,
      'B="$HOME/.ctxmode/bin/ctxmode"',
      '"$B" --version',
      '"$B" doctor --json > "$HOME/doctor.json"',
      'mkdir -p "$HOME/proj/.git" "$HOME/proj/docs"',
      "printf '# Flux notes\\nThe flux capacitor needs 1.21 gigawatts to time travel.\\n' > \"$HOME/proj/docs/flux.md\"",
      '"$B" index "$HOME/proj/docs" --project "$HOME/proj" --json > "$HOME/index.json"',
      '"$B" search "flux capacitor gigawatts" --project "$HOME/proj" --json > "$HOME/search.json"',
    ].join("\n");
    const proc = Bun.spawn(["unshare", "--net", "sh", "-c", steps], {
      cwd: unpacked,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: box.home, CTXMODE_DATA_DIR: join(box.home, ".ctxmode") },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain(`ctxmode ${release.version}\n`);
    const doctor = JSON.parse(readFileSync(join(box.home, "doctor.json"), "utf8"));
    expect(doctor.ok).toBe(true);
    const hits = JSON.parse(readFileSync(join(box.home, "search.json"), "utf8")).results[0].hits;
    expect(hits[0].snippet).toContain("1.21 gigawatts");
  }, 60_000);
});
