import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

/** A fake release: an archive whose `ctxmode` is a script printing `version`, and SHA256SUMS. */
function fakeRelease(version: string): { archive: Uint8Array; sums: (sum: string) => string } {
  const dir = tempDir();
  mkdirSync(join(dir, "ctxmode-fake"));
  writeFileSync(join(dir, "ctxmode-fake", "ctxmode"), `#!/bin/sh\necho "ctxmode ${version}"\n`, { mode: 0o755 });
  const r = Bun.spawnSync(["tar", "-czf", join(dir, "a.tar.gz"), "-C", dir, "ctxmode-fake"]);
  expect(r.exitCode).toBe(0);
  const archive = new Uint8Array(readFileSync(join(dir, "a.tar.gz")));
  const names = ["linux-x64", "linux-arm64", "linux-x64-musl", "linux-arm64-musl", "darwin-x64", "darwin-arm64"].map((t) => `ctxmode-${t}.tar.gz`);
  return { archive, sums: (sum) => names.map((n) => `${sum}  ${n}`).join("\n") + "\n" };
}

/** 9.9.9 under /rel/; under /old/ a release older than any build of this version. */
const releases = process.platform === "win32" ? {} : { rel: fakeRelease("9.9.9"), old: fakeRelease("0.0.1-rc.1") };
let badSum = false;
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname;
    const release = releases[path.split("/")[1] as keyof typeof releases];
    if (!release) return new Response("no", { status: 404 });
    const good = createHash("sha256").update(release.archive).digest("hex");
    if (path.endsWith("/SHA256SUMS")) return new Response(release.sums(badSum ? "0".repeat(64) : good));
    if (path.endsWith(".tar.gz")) return new Response(release.archive);
    return new Response("not found", { status: 404 });
  },
});
afterAll(() => server.stop(true));

/** A standalone install: a copy of the built binary in its own bin dir. */
function install(release = "rel"): { exe: string; run: (args: string[]) => Promise<{ code: number; stdout: string; stderr: string }> } {
  const root = tempDir();
  mkdirSync(join(root, "bin"));
  const exe = join(root, "bin", "ctxmode");
  copyFileSync(binary, exe);
  const env = { ...process.env, HOME: root, CTXMODE_DATA_DIR: join(root, "data"), CTXMODE_RELEASE_URL: `http://127.0.0.1:${server.port}/${release}/` };
  return {
    exe,
    // Async: the release server runs in this process, so a synchronous spawn would block it.
    run: async (args) => {
      const p = Bun.spawn([exe, ...args], { env, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
      return { code, stdout, stderr };
    },
  };
}

describe.skipIf(process.platform === "win32")("ctxmode upgrade (standalone, local release server)", () => {
  test("--check reports the newer version and replaces nothing", async () => {
    badSum = false;
    const { exe, run } = install();
    const before = readFileSync(exe);
    const r = await run(["upgrade", "--check", "--json"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ channel: "standalone", latest: "9.9.9" });
    expect(readFileSync(exe).equals(before)).toBe(true);
  }, 60_000);

  test("a release older than this build is no upgrade: --check says so, upgrade replaces nothing", async () => {
    badSum = false;
    const { exe, run } = install("old");
    const before = readFileSync(exe);
    const checked = await run(["upgrade", "--check"]);
    expect(checked).toMatchObject({ code: 0, stderr: "" });
    expect(checked.stdout).toMatch(/^ctxmode \d+\.\d+\.\d+\S* is newer than the latest release \(0\.0\.1-rc\.1\)\n$/);
    const r = await run(["upgrade"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).not.toContain("upgraded");
    expect(readFileSync(exe).equals(before)).toBe(true);
  }, 60_000);

  test("good checksum: the binary is replaced and the new one runs", async () => {
    badSum = false;
    const { exe, run } = install();
    const r = await run(["upgrade"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("-> 9.9.9");
    expect(Bun.spawnSync([exe, "--version"]).stdout.toString().trim()).toBe("ctxmode 9.9.9");
  }, 60_000);

  test("bad checksum: refused, the old binary intact", async () => {
    badSum = true;
    const { exe, run } = install();
    const r = await run(["upgrade"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("checksum mismatch");
    expect(readFileSync(exe).equals(readFileSync(binary))).toBe(true);
  }, 60_000);
});
