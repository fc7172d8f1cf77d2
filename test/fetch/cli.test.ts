import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";
import { docsPage, PYTHON_EXAMPLE, send, startSite } from "./helpers.ts";

const site = await startSite({
  "/docs/retry": send("text/html", docsPage()),
  "/notes": send("text/plain", "zephyr rollout notes\n"),
  "/logo.png": send("image/png", "png"),
});
const root = tempDir("ctxmode-cli-web-");
const project = join(root, "proj");
mkdirSync(join(project, ".git"), { recursive: true });

/** Runs the built binary without blocking this process, whose event loop serves the pages. */
async function ctxmode(args: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn([binary, ...args], {
    cwd: project,
    env: { ...process.env, CTXMODE_DATA_DIR: join(root, "data"), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

describe("ctxmode index <url>", () => {
  test("indexes a page and prints the receipt with the CLI search to run", async () => {
    const url = site.url("/docs/retry");
    const r = await ctxmode(["index", url]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^indexed "${url}" \\(new\\) · "Retry policy" · `));
    expect(lines.at(-1)).toBe(`search: ctxmode search "…" --source "${url}"`);
    const s = await ctxmode(["search", "send_with_retry", "--source", url, "--json"]);
    expect(JSON.parse(s.stdout).results[0].hits[0].snippet).toContain(PYTHON_EXAMPLE.split("\n")[0]);
  });

  test("--json reports each page; a cached page is not fetched again", async () => {
    const before = site.hits.length;
    const r = await ctxmode(["index", site.url("/docs/retry"), site.url("/notes"), "--json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.pages.map((p: { from: string; status: string }) => `${p.from}/${p.status}`)).toEqual(["index/cached", "web/new"]);
    expect(site.hits.length).toBe(before + 1);
  });

  test("refusals: one line on stderr, non-zero exit, nothing created for a bad scheme", async () => {
    const single = await ctxmode(["index", "http://169.254.169.254/latest/"]);
    expect(single.code).toBe(2);
    expect(single.stderr).toBe("ctxmode: 169.254.169.254 (link-local / cloud metadata 169.254.0.0/16) is never fetched\n");
    const scheme = await ctxmode(["index", "ftp://example.com/x"], { CTXMODE_DATA_DIR: join(root, "never") });
    expect(scheme.stderr).toBe("ctxmode: ftp:// URLs are refused: only http and https are fetched\n");
    expect(existsSync(join(root, "never"))).toBe(false);
    const mixed = await ctxmode(["index", site.url("/notes"), "README.md"]);
    expect(mixed.stderr).toContain("pass either files or URLs");
    const some = await ctxmode(["index", site.url("/notes"), site.url("/logo.png")]);
    expect(some.code).toBe(1);
    expect(some.stderr).toBe(
      `failed ${site.url("/logo.png")}: ${site.url("/logo.png")} is image/png; only HTML, JSON, markdown and text pages can be indexed\n`,
    );
  });
});
