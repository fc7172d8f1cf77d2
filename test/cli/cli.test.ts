import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import pkg from "../../package.json" with { type: "json" };
import { binary, runCtx } from "../helpers/cli.ts";
import { fixturesDir, tempDir } from "../helpers/temp.ts";

function project(): { dataDir: string; dir: string } {
  const root = tempDir();
  const dir = join(root, "proj");
  mkdirSync(join(dir, ".git"), { recursive: true });
  return { dataDir: join(root, "data"), dir };
}

describe("ctxmode CLI", () => {
  test("--version and --help", () => {
    const data = tempDir();
    const v = runCtx(["--version"], { dataDir: data });
    expect(v.code).toBe(0);
    expect(v.stdout).toContain(pkg.version);
    const h = runCtx(["--help"], { dataDir: data });
    expect(h.code).toBe(0);
    for (const cmd of ["index", "search", "purge"]) expect(h.stdout).toContain(cmd);
  });

  test("index a directory, then search it with --json", () => {
    const { dataDir, dir } = project();
    const idx = runCtx(["index", fixturesDir, "--project", dir, "--json"], { dataDir });
    expect(idx.code).toBe(0);
    const report = JSON.parse(idx.stdout);
    expect(report.indexed.length).toBeGreaterThanOrEqual(20);
    expect(report.indexed[0]).toMatchObject({ label: expect.any(String), chunks: expect.any(Number), bytes: expect.any(Number), status: "new" });

    const s = runCtx(["search", "stripe webhook", "cleanup function in useEffect", "--project", dir, "--json", "--limit", "3"], { dataDir });
    expect(s.code).toBe(0);
    const out = JSON.parse(s.stdout);
    expect(Object.keys(out)).toEqual(["results"]);
    expect(out.results.map((r: { query: string }) => r.query)).toEqual(["stripe webhook", "cleanup function in useEffect"]);
    for (const r of out.results) {
      expect(r.hits.length).toBeGreaterThan(0);
      expect(r.hits.length).toBeLessThanOrEqual(3);
      for (const h of r.hits) {
        expect(Object.keys(h).sort()).toEqual(["contentType", "lineEnd", "lineStart", "score", "snippet", "source", "title"].sort());
        expect(typeof h.lineStart).toBe("number");
      }
    }
    expect(out.results[1].hits[0].source).toContain("context7-react-docs.md");

    const again = JSON.parse(runCtx(["index", fixturesDir, "--project", dir, "--json"], { dataDir }).stdout);
    expect(again.indexed.every((r: { status: string }) => r.status === "unchanged")).toBe(true);
  });

  test("a large directory is chunked on the compiled binary's worker thread", async () => {
    const { makeCorpus } = await import("../../bench/corpus.ts");
    const { dataDir, dir } = project();
    const { docs } = makeCorpus(6 * 1024 * 1024, 11);
    for (const d of docs) writeFileSync(join(dir, `${d.label.replace("/", "_")}.${d.kind === "markdown" ? "md" : d.kind === "json" ? "json" : "log"}`), d.text);
    const r = JSON.parse(runCtx(["index", dir, "--json"], { dataDir, cwd: dir }).stdout);
    expect(r.parallel).toBe(true);
    expect(r.indexed.length).toBe(docs.length);
    const s = JSON.parse(runCtx(["search", docs[0]!.text.split("\n")[0]!.replace(/^#\s*/, ""), "--json"], { dataDir, cwd: dir }).stdout);
    expect(s.results[0].hits.length).toBeGreaterThan(0);
  });

  test("a reader that closes the pipe early (`| head`) ends the command quietly", () => {
    const { dataDir, dir } = project();
    expect(runCtx(["index", fixturesDir, "--source", "fx"], { dataDir, cwd: dir }).code).toBe(0);
    // 30 queries x 10 hits: well over a pipe's 64 KB buffer, so the writer meets the closed pipe.
    const queries =
      "error config test build docker stripe webhook react effect cleanup function request response server client cache index search file path user token session event handler message json value type data".split(
        " ",
      );
    const r = Bun.spawnSync(["sh", "-c", `"$0" search "$@" --limit 10 --json | head -c 20 >/dev/null`, binary, ...queries], {
      cwd: dir,
      env: { ...process.env, CTXMODE_DATA_DIR: dataDir },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(r.stderr.toString()).toBe("");
  });

  test("a directory walk honours .gitignore and skips binaries", () => {
    const { dataDir, dir } = project();
    writeFileSync(join(dir, ".gitignore"), "secret/\n*.log\n!keep.log\n");
    mkdirSync(join(dir, "secret"));
    writeFileSync(join(dir, "secret", "a.md"), "# hidden\n");
    writeFileSync(join(dir, "x.log"), "ignored log\n");
    writeFileSync(join(dir, "keep.log"), "kept log line\n");
    writeFileSync(join(dir, "notes.md"), "# Notes\n\nvisible\n");
    writeFileSync(join(dir, "blob.bin"), Buffer.from([0, 1, 2, 3, 0, 255]));
    const r = JSON.parse(runCtx(["index", dir, "--json"], { dataDir, cwd: dir }).stdout);
    expect(r.indexed.map((x: { label: string }) => x.label).sort()).toEqual([".gitignore", "keep.log", "notes.md"]);
    expect(r.skipped).toEqual([{ path: join(dir, "blob.bin"), reason: "binary" }]);
  });

  test("a Latin-1 text file is text, read as Windows-1252, and UTF-16 with its BOM; bytes that no text holds are binary", () => {
    const { dataDir, dir } = project();
    writeFileSync(join(dir, "ChangeLog"), Buffer.from("2008-08-21  Antonio Diaz D\xedaz\n\n\t* main.c: New option '--strip-trailing-cr'.\n", "latin1"));
    writeFileSync(join(dir, "report.txt"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Get-Process output: svchost running\n", "utf16le")]));
    writeFileSync(join(dir, "noise.dat"), Buffer.from(Array.from({ length: 400 }, (_, i) => 1 + ((i * 37) % 254))));
    const r = JSON.parse(runCtx(["index", dir, "--json"], { dataDir, cwd: dir }).stdout);
    expect(r.indexed.map((x: { label: string }) => x.label).sort()).toEqual(["ChangeLog", "report.txt"]);
    expect(r.skipped).toEqual([{ path: join(dir, "noise.dat"), reason: "binary" }]);
    const s = runCtx(["search", "Díaz strip-trailing-cr"], { dataDir, cwd: dir }).stdout;
    expect(s).toContain("Antonio Diaz Díaz");
    expect(runCtx(["search", "svchost"], { dataDir, cwd: dir }).stdout).toContain("Get-Process output: svchost running");
  });

  test("a gzip-compressed file is read decompressed, within the size limit; a corrupt one is skipped", () => {
    const { dataDir, dir } = project();
    writeFileSync(
      join(dir, "changelog.Debian.gz"),
      gzipSync(
        "curl (7.88.1-10) bookworm; urgency=medium\n\n  * Fix CVE-2023-38545 in SOCKS5 proxy handshake.\n\n -- Maint <m@x.org>  Mon, 02 Oct 2023 10:00:00 +0000\n",
      ),
    );
    writeFileSync(join(dir, "broken.gz"), Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), Buffer.alloc(40, 7)]));
    writeFileSync(join(dir, "zeros.log.gz"), gzipSync(Buffer.alloc(51 * 1024 * 1024, 0x61)));
    const r = JSON.parse(runCtx(["index", dir, "--json"], { dataDir, cwd: dir }).stdout);
    expect(r.indexed.map((x: { label: string }) => x.label)).toEqual(["changelog.Debian.gz"]);
    expect(r.skipped).toEqual([
      { path: join(dir, "broken.gz"), reason: "not valid gzip" },
      { path: join(dir, "zeros.log.gz"), reason: `larger than ${50 * 1024 * 1024} bytes decompressed` },
    ]);
    const s = runCtx(["search", "CVE-2023-38545"], { dataDir, cwd: dir }).stdout;
    expect(s).toContain("[changelog.Debian.gz]");
    expect(s).toContain("curl (7.88.1-10) bookworm");
  });

  test("indexing a sub-folder of a git repository honours the root .gitignore", () => {
    const root = tempDir();
    const repo = join(root, "repo");
    mkdirSync(join(repo, "pkg", "dist"), { recursive: true });
    mkdirSync(join(repo, "pkg", "src"), { recursive: true });
    expect(Bun.spawnSync(["git", "init", "-q"], { cwd: repo }).exitCode).toBe(0);
    writeFileSync(join(repo, ".gitignore"), "dist/\n*.log\n");
    writeFileSync(join(repo, "pkg", "dist", "out.js"), "console.log('built');\n");
    writeFileSync(join(repo, "pkg", "src", "x.log"), "a log line\n");
    writeFileSync(join(repo, "pkg", "src", "a.ts"), "export const a = 1;\n");
    const r = JSON.parse(runCtx(["index", "pkg/", "--json"], { dataDir: join(root, "data"), cwd: repo }).stdout);
    expect(r.indexed.map((x: { label: string }) => x.label)).toEqual(["pkg/src/a.ts"]);
  });

  test("bad input: one clear line on stderr, non-zero exit, nothing indexed is lost", () => {
    const { dataDir, dir } = project();
    writeFileSync(join(dir, "a.md"), "# Alpha\n\nzebra crossing\n");
    expect(runCtx(["index", "a.md"], { dataDir, cwd: dir }).code).toBe(0);

    const cases: [string[], RegExp][] = [
      [["index", "missing.md"], /no such file or directory: missing\.md/],
      [["index", "a.md", "missing.md"], /no such file or directory/],
      [["index", "a.md/inner"], /cannot read a\.md\/inner/],
      [["search", "  "], /empty query/],
      [["search", "zebra", "--limit", "0"], /--limit/],
      [["search", "zebra", "--bogus"], /unknown option `--bogus`.*search for an option, put it after `--`/],
      [["purge"], /exactly one of --source LABEL or --all/],
      [["purge", "--all"], /without --yes/],
      [["frobnicate"], /unknown command `frobnicate`/],
    ];
    for (const [args, message] of cases) {
      const r = runCtx(args, { dataDir, cwd: dir });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n").length).toBe(1);
    }
    const s = JSON.parse(runCtx(["search", "zebra", "--json"], { dataDir, cwd: dir }).stdout);
    expect(s.results[0].hits[0].source).toBe("a.md");
  });

  test("an option is searched for as typed after `--`", () => {
    const { dataDir, dir } = project();
    writeFileSync(join(dir, "curl.md"), "# curl\n\n## --fail-early\n\nStop at the first error.\n\n## -f, --fail\n\nFail fast on server errors.\n");
    expect(runCtx(["index", "curl.md"], { dataDir, cwd: dir }).code).toBe(0);
    const r = JSON.parse(runCtx(["search", "--json", "--", "--fail"], { dataDir, cwd: dir }).stdout);
    expect(r.results[0].query).toBe("--fail");
    expect(r.results[0].hits[0].title).toBe("curl > -f, --fail");
  });

  test("secrets are redacted before they are stored", () => {
    const { dataDir, dir } = project();
    writeFileSync(join(dir, "deploy.env"), "DB_PASSWORD=hunter2-very-secret\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nREGION=eu-west-1\n");
    expect(runCtx(["index", "deploy.env"], { dataDir, cwd: dir }).code).toBe(0);
    const hit = JSON.parse(runCtx(["search", "DB_PASSWORD REGION", "--json"], { dataDir, cwd: dir }).stdout).results[0].hits[0];
    expect(hit.snippet).toContain("[REDACTED]");
    expect(hit.snippet).toContain("eu-west-1");
    expect(hit.snippet).not.toContain("hunter2");
    expect(hit.snippet).not.toContain("AKIAIOSFODNN7EXAMPLE");
  });

  test("purge one source, then everything", () => {
    const { dataDir, dir } = project();
    writeFileSync(join(dir, "a.md"), "# A\n\nalpha words\n");
    writeFileSync(join(dir, "b.md"), "# B\n\nbeta words\n");
    runCtx(["index", "a.md", "b.md"], { dataDir, cwd: dir });
    const one = runCtx(["purge", "--source", "a.md", "--json"], { dataDir, cwd: dir });
    expect(JSON.parse(one.stdout)).toEqual({ sources: 1, chunks: 1 });
    expect(JSON.parse(runCtx(["search", "alpha", "--json"], { dataDir, cwd: dir }).stdout).results[0].hits).toEqual([]);
    const all = runCtx(["purge", "--all", "--yes", "--json"], { dataDir, cwd: dir });
    expect(JSON.parse(all.stdout).sources).toBe(1);
    expect(JSON.parse(runCtx(["search", "beta", "--json"], { dataDir, cwd: dir }).stdout).results[0].hits).toEqual([]);
  });
});
