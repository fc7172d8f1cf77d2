import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";
import { makeProject, serverEnv, startServer } from "./helpers.ts";

describe("ctx_doctor", () => {
  test("answers the same rows as `ctxmode doctor`, with fixes, and no error when all pass", async () => {
    const server = await startServer();
    const r = await server.call("ctx_doctor", {});
    expect(r.isError).toBe(false);
    expect(r.text.split("\n")[0]).toMatch(/^ctx_doctor: all 10 checks pass/);
    for (const name of ["install", "latest", "runtime", "sqlite", "fts5", "fts5-trigram", "data-dir", "project-db", "sandbox", "policy"])
      expect(r.text).toMatch(new RegExp(`^PASS  ${name}: `, "m"));
  });

  test("a broken policy file is a WARN that names the file; an unusable data dir is an error with its fix", async () => {
    const project = makeProject();
    mkdirSync(join(project.dir, ".claude"), { recursive: true });
    writeFileSync(join(project.dir, ".claude", "settings.json"), "{ not json");
    const warned = await startServer(project);
    const w = await warned.call("ctx_doctor", {});
    expect(w.isError).toBe(false);
    expect(w.text).toContain(`WARN  policy: ${join(project.dir, ".claude", "settings.json")}: not valid JSON`);

    const blocked = makeProject();
    mkdirSync(join(blocked.dataDir, ".."), { recursive: true });
    writeFileSync(join(blocked.dataDir, "..", "file"), "x");
    const failing = await startServer(blocked, { CTXMODE_DATA_DIR: join(blocked.dataDir, "..", "file", "data") });
    const f = await failing.call("ctx_doctor", {});
    expect(f.isError).toBe(true);
    expect(f.text).toMatch(/^ctx_doctor: 1 FAIL/);
    expect(f.text).toMatch(/FAIL {2}data-dir: .* is not writable/);
    expect(f.text).toContain("fix: mkdir -p");
  });
});

/** A release archive holding a `ctxmode` script that prints `version`. */
function releaseArchive(version: string): Buffer {
  const releaseDir = tempDir();
  mkdirSync(join(releaseDir, "pkg"));
  writeFileSync(join(releaseDir, "pkg", "ctxmode"), `#!/bin/sh\necho "ctxmode ${version}"\n`, { mode: 0o755 });
  Bun.spawnSync(["tar", "-czf", join(releaseDir, "a.tar.gz"), "-C", releaseDir, "pkg"]);
  return readFileSync(join(releaseDir, "a.tar.gz"));
}

/** Releases served from 127.0.0.1: 9.9.9 under /rel/, one older than any build under /old/. */
const archives: Record<string, Buffer> = { rel: releaseArchive("9.9.9"), old: releaseArchive("0.0.1-rc.1") };
const release = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname;
    const archive = archives[path.split("/")[1]!];
    if (!archive) return new Response("not found", { status: 404 });
    const sum = createHash("sha256").update(archive).digest("hex");
    if (path.endsWith("/SHA256SUMS")) {
      const names = ["linux-x64", "linux-arm64", "linux-x64-musl", "linux-arm64-musl", "darwin-x64", "darwin-arm64"].map((t) => `ctxmode-${t}.tar.gz`);
      return new Response(names.map((n) => `${sum}  ${n}`).join("\n") + "\n");
    }
    if (path.endsWith(".tar.gz")) return new Response(archive);
    return new Response("not found", { status: 404 });
  },
});
afterAll(() => release.stop(true));

describe.skipIf(process.platform === "win32")("ctx_upgrade (standalone install, local release server)", () => {
  test("checks without replacing anything, then apply: true replaces the binary and says to restart", async () => {
    const root = tempDir();
    mkdirSync(join(root, "bin"));
    const exe = join(root, "bin", "ctxmode");
    copyFileSync(binary, exe);
    const project = makeProject();
    const transport = new StdioClientTransport({
      command: exe,
      args: ["serve"],
      cwd: project.dir,
      env: serverEnv(project, { CTXMODE_RELEASE_URL: `http://127.0.0.1:${release.port}/rel` }),
      stderr: "ignore",
    });
    const client = new Client({ name: "ctxmode-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const text = (r: Awaited<ReturnType<typeof client.callTool>>) => (r.content as { text: string }[]).map((c) => c.text).join("");
      const before = readFileSync(exe);
      const checked = await client.callTool({ name: "ctx_upgrade", arguments: {} });
      expect(checked.isError).toBeFalsy();
      expect(text(checked)).toMatch(/^ctxmode 9\.9\.9 is available \(this is \d+\.\d+\.\d+\); call ctx_upgrade with apply: true/);
      expect(readFileSync(exe).equals(before)).toBe(true);

      const applied = await client.callTool({ name: "ctx_upgrade", arguments: { apply: true } }, undefined, { timeout: 120_000 });
      expect(applied.isError).toBeFalsy();
      expect(text(applied)).toMatch(/ctxmode upgraded: \d+\.\d+\.\d+ -> 9\.9\.9/);
      expect(text(applied)).toContain("Restart the agent");
      expect(Bun.spawnSync([exe, "--version"]).stdout.toString().trim()).toBe("ctxmode 9.9.9");
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a release older than this build is not offered", async () => {
    const server = await startServer(makeProject(), { CTXMODE_RELEASE_URL: `http://127.0.0.1:${release.port}/old` });
    const r = await server.call("ctx_upgrade", {});
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/^ctxmode \d+\.\d+\.\d+\S* is newer than the latest release \(0\.0\.1-rc\.1\)/);
  });

  test("a failed download is a clear error and the binary stays", async () => {
    const server = await startServer(makeProject(), { CTXMODE_RELEASE_URL: `http://127.0.0.1:${release.port}/missing-release` });
    // The test binary itself is dist/ctxmode: only --check may run against it.
    const r = await server.call("ctx_upgrade", {});
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/ctxmode upgrade failed: .*HTTP 404/);
  });
});
