import { describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixturesDir } from "../helpers/temp.ts";
import { firstLine, indexedLabel, makeProject, startServer } from "./helpers.ts";

const CAP = 16_384;

describe("ctx_batch", async () => {
  const server = await startServer();

  test("small output comes back whole, per command, with status and size", async () => {
    const r = await server.call("ctx_batch", { commands: ["echo alpha", { label: "second", command: "echo beta; exit 2" }] });
    expect(r.isError).toBe(false); // one failing command does not fail the batch
    expect(firstLine(r.text)).toMatch(/^batch · 2 commands \(1 failed\) · 11 B; indexed as "batch#\d+-\w+"$/);
    expect(r.text).toContain("# 1: echo alpha · exit 0 · 6 B\n$ echo alpha\nalpha");
    expect(r.text).toContain("# second · exit 2 · 5 B\n$ echo beta; exit 2\nbeta");
  });

  test("large output: matching parts per query, within budget, all of it searchable", async () => {
    const r = await server.call("ctx_batch", {
      commands: [
        "for i in $(seq 1 3000); do echo \"compile unit $i ok\"; done; echo 'linker warning: duplicate symbol _frobnicate'",
        "for i in $(seq 1 3000); do echo \"test case $i passed\"; done; echo 'FAIL checkout flow: expected 200 got 502'",
      ],
      queries: ["duplicate symbol", "checkout flow FAIL"],
    });
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(CAP);
    expect(firstLine(r.text)).toMatch(/^batch · 2 commands · \d+\.\d KB output, .* kept out → indexed as "batch#/);
    expect(r.text).toContain("linker warning: duplicate symbol _frobnicate");
    expect(r.text).toContain("FAIL checkout flow: expected 200 got 502");
    const label = indexedLabel(r.text);
    const s = await server.call("ctx_search", { queries: ["test case 1234 passed"], source: label });
    expect(s.text).toContain("test case 1234 passed");
  });

  test("large output: a failed command keeps its exit code and stderr tail", async () => {
    const r = await server.call("ctx_batch", {
      commands: ["seq 1 30000", { label: "migrate", command: "echo 'ERROR: relation users does not exist' >&2; exit 5" }],
      queries: ["12345"],
    });
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(CAP);
    expect(r.isError).toBe(false);
    expect(r.text).toContain("exit 5 · ");
    expect(r.text).toContain("# migrate stderr (last 1 lines)\nERROR: relation users does not exist");
  });

  test("large output without queries: the tail of each command", async () => {
    const r = await server.call("ctx_batch", { commands: ["seq 1 50000"] });
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(CAP);
    expect(r.text).toContain("50000");
    expect(r.text).toMatch(/more: ctx_search\(queries: \["…"\], source: "batch#/);
  });

  test("the timeout is shared: later commands are skipped once it is used up", async () => {
    const r = await server.call("ctx_batch", { commands: ["sleep 5", "echo never"], timeout: 700 });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("timed out after 0.7 s");
    expect(r.text).toContain("skipped (batch timeout used up)");
    expect(r.text).not.toContain("\nnever");
  });

  test("an empty command is refused", async () => {
    const r = await server.call("ctx_batch", { commands: ["echo a", "  "] });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("`commands.1` is empty");
  });
});

// Each test indexes what it reads under labels of its own: the tests share one server (one session)
// but pass in any order (bun test --randomize).
describe("ctx_index, ctx_search, ctx_stats, ctx_purge", async () => {
  const project = makeProject();
  mkdirSync(join(project.dir, "docs"));
  for (const f of ["context7-react-docs.md", "context7-nextjs-docs.md", "access.log"]) copyFileSync(join(fixturesDir, f), join(project.dir, "docs", f));
  writeFileSync(join(project.dir, "config.env"), "DB_PASSWORD=hunter2hunter2\nDB_HOST=db.internal\n");
  const server = await startServer(project);

  test("index a directory, then search it", async () => {
    const r = await server.call("ctx_index", { path: "docs" });
    expect(r.isError).toBe(false);
    expect(firstLine(r.text)).toMatch(/^indexed 3 sources, \d+ chunks, \d+\.\d KB$/);
    expect(r.text).toContain("docs/context7-react-docs.md");
    const s = await server.call("ctx_search", { queries: ["cleanup function in useEffect", "middleware matcher"], limit: 2 });
    expect(firstLine(s.text)).toMatch(/^ctx_search · 2 queries · \d hits · /);
    expect(s.text).toContain("## cleanup function in useEffect\n[docs/context7-react-docs.md] lines ");
    expect(s.text).toContain("## middleware matcher");
    expect(Buffer.byteLength(s.text)).toBeLessThanOrEqual(CAP);
  });

  test("a local HTML page is indexed as the markdown of its content, sectioned by its headings", async () => {
    writeFileSync(
      join(project.dir, "api.html"),
      `<!doctype html><html><head><title>json — JSON encoder</title><script>var tracking = 1;</script></head><body>
<nav><a href="/">Home</a> <a href="/search">Search the site navigation</a></nav>
<main><h1>json — JSON encoder and decoder</h1><p>Intro.</p>
<h2>Encoders and Decoders</h2><p>Use <code>raw_decode(s)</code> to parse a document with extraneous trailing data.</p>
<h2>Command line</h2><p>Run <code>python -m json.tool</code> to pretty-print.</p></main></body></html>`,
    );
    const r = await server.call("ctx_index", { path: "api.html" });
    expect(r.isError).toBe(false);
    const s = await server.call("ctx_search", { queries: ["extraneous trailing data"], source: "api.html" });
    expect(s.text).toMatch(/\[api.html\] lines \d+-\d+ · json — JSON encoder and decoder > Encoders and Decoders\n/);
    expect(s.text).toContain("`raw_decode(s)`");
    expect(s.text).not.toContain("<code>");
    const nav = await server.call("ctx_search", { queries: ["tracking navigation"], source: "api.html" });
    expect(nav.text).not.toContain("var tracking");
  });

  test("an HTML page passed as text is indexed as its content", async () => {
    const html =
      "<!doctype html><html><body><main><h1>Runbook</h1><h2>Rollback</h2><p>Use <code>kubectl rollout undo</code> to go back.</p></main></body></html>";
    const r = await server.call("ctx_index", { text: html, source: "runbook.html" });
    expect(r.isError).toBe(false);
    const s = await server.call("ctx_search", { queries: ["rollout undo"], source: "runbook.html" });
    expect(s.text).toMatch(/\[runbook\.html\] lines \d+-\d+ · Runbook > Rollback\n/);
    expect(s.text).not.toContain("<code>");
  });

  test("index a file: secrets are redacted before they are stored", async () => {
    const r = await server.call("ctx_index", { path: "config.env", source: "env-file" });
    expect(r.text).toContain("env-file");
    const s = await server.call("ctx_search", { queries: ["DB_PASSWORD DB_HOST"], source: "env-file" });
    expect(s.text).toContain("DB_PASSWORD=[REDACTED]");
    expect(s.text).not.toContain("hunter2");
  });

  test("index text under a label; a url with another scheme is refused; bad paths are named", async () => {
    const t = await server.call("ctx_index", { text: "# Deploy\n\nRoll back with `kubectl rollout undo`.", source: "runbook" });
    expect(t.text).toMatch(/^indexed "runbook": 1 chunks, \d+ B \(new\)/);
    const s = await server.call("ctx_search", { queries: ["rollout undo"], source: "runbook" });
    expect(s.text).toContain("kubectl rollout undo");
    const u = await server.call("ctx_index", { url: "ftp://example.com" });
    expect(u.isError).toBe(true);
    expect(u.text).toContain("only http and https are fetched");
    const missing = await server.call("ctx_index", { path: "nope.md" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain("nope.md does not exist");
    const both = await server.call("ctx_index", { path: "docs", text: "x" });
    expect(both.text).toContain("got path and text");
  });

  test("search says which commoner word it searched beside a rare one, and which word it fixed", async () => {
    const sections = Array.from({ length: 24 }, (_, i) => `## Run ${i}\n\nThe stats of run ${i}.\n`).join("\n");
    await server.call("ctx_index", { text: `# Runs\n\n${sections}`, source: "runs" });
    await server.call("ctx_index", { text: "# fs\n\n## fs.Stats\n\n### stats.birthtimeMs\n\nWhen the file was made.\n", source: "fs-api" });
    await server.call("ctx_index", { text: "# Hills\n\nThe stas of the hills.\n", source: "hills" });
    const also = await server.call("ctx_search", { queries: ["fs.Stas birthtimeMs"] });
    expect(also.text).toContain('## fs.Stas birthtimeMs (also searched: "stats")');
    expect(also.text).toContain("[fs-api]");
    const fixed = await server.call("ctx_search", { queries: ["birthtimeMs stast"] });
    expect(fixed.text).toContain('(spelling fixed: showing "birthtimems stats")');
  });

  test("search filters: contentType, scope session, no matches", async () => {
    await server.call("ctx_index", { path: "docs", source: "filters" });
    await server.call("ctx_index", { text: "# Deploy\n\nIf it fails, roll back with `kubectl rollout undo`.", source: "filters-runbook" });
    const code = await server.call("ctx_search", { queries: ["useEffect"], contentType: "code", limit: 3 });
    expect(code.text).toMatch(/ · [1-9]\d* hits? · /);
    expect(code.text).toContain("useEffect");
    const none = await server.call("ctx_search", { queries: ["zzqxv wombatfrobnicate"] });
    expect(none.isError).toBe(false);
    expect(none.text).toContain("no matches");
    expect(none.text).toContain("sources are indexed");
    const session = await server.call("ctx_search", { queries: ["rollout undo"], scope: "session" });
    expect(session.text).toContain("[filters-runbook]");
  });

  test("stats: bytes returned and kept out, per tool, this session and all time (persisted)", async () => {
    await server.call("ctx_index", { text: "counted", source: "stats-note" });
    await server.call("ctx_execute", { language: "shell", code: "seq 1 40000" });
    const r = await server.call("ctx_stats", {});
    expect(firstLine(r.text)).toMatch(/^ctx_stats: \d+\.\d% kept out this session, \d+\.\d% all time$/);
    expect(r.text).toMatch(/ctx_execute\s+1\s+[\d.]+ (B|KB)\s+2\d\d\.\d KB/);
    expect(r.text).toMatch(/ctx_index\s+\d+/);
    // A second server on the same project is another session but sees the all-time totals.
    const other = await startServer(project);
    const o = await other.call("ctx_stats", {});
    expect(o.text).toMatch(/this session \(mcp-\w+\)\n {2}no calls yet/);
    const allTime = o.text.slice(o.text.indexOf("all time"));
    expect(allTime).toMatch(/\n {2}ctx_execute\s+1\s/);
    expect(allTime).toMatch(/\n {2}ctx_index\s+\d+\s/);
    await other.close();
  });

  test("purge: confirm required; by source, by session, whole project, with counts", async () => {
    await server.call("ctx_index", { text: "# Rollback\n\nUndo a bad deploy with `kubectl rollout undo`.", source: "purge-runbook" });
    await server.call("ctx_index", { text: "kept until the session is purged", source: "purge-note" });
    const no = await server.call("ctx_purge", { scope: "project", confirm: false });
    expect(no.isError).toBe(true);
    expect(no.text).toContain("confirm: true");
    const unknown = await server.call("ctx_purge", { scope: "source", source: "nope", confirm: true });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('no source is labelled "nope"');
    const one = await server.call("ctx_purge", { scope: "source", source: "purge-runbook", confirm: true });
    expect(one.text).toBe('ctx_purge: deleted 1 source and 1 chunk (scope: source "purge-runbook"). This cannot be undone.');
    const gone = await server.call("ctx_search", { queries: ["rollout undo"], source: "purge-runbook" });
    expect(gone.text).not.toContain("kubectl");
    const session = await server.call("ctx_purge", { scope: "session", confirm: true });
    expect(session.text).toMatch(/^ctx_purge: deleted [1-9]\d* sources and \d+ chunks \(scope: session "mcp-\w+"\)/);
    await server.call("ctx_index", { text: "left over", source: "x" });
    const all = await server.call("ctx_purge", { scope: "project", confirm: true });
    expect(all.text).toMatch(/^ctx_purge: deleted 1 source and 1 chunk \(scope: project\)/);
    const empty = await server.call("ctx_search", { queries: ["anything"] });
    expect(empty.text).toContain("nothing is indexed yet");
  });
});

describe("many servers on one project database", () => {
  test("concurrent calls from three servers all index and count", async () => {
    const project = makeProject();
    const servers = await Promise.all([startServer(project), startServer(project), startServer(project)]);
    const replies = await Promise.all(
      servers.flatMap((s, i) =>
        [0, 1, 2].map((j) => s.call("ctx_execute", { language: "js", code: `for (let k = 0; k < 3000; k++) console.log('server ${i} call ${j} row', k)` })),
      ),
    );
    const labels = replies.map((r) => indexedLabel(r.text));
    expect(new Set(labels).size).toBe(9);
    const s = await servers[0]!.call("ctx_search", { queries: ["server 2 call 1 row 2999"], limit: 1 });
    expect(s.text).toContain("server 2 call 1 row");
    // Each server writes its call records once idle (a quarter second without a call).
    const counted = /all time \(this project\)\n.*\n {2}ctx_execute\s+9 /;
    let stats = "";
    for (let i = 0; i < 40 && !counted.test(stats); i++) {
      if (i > 0) await Bun.sleep(50);
      stats = (await servers[0]!.call("ctx_stats", {})).text;
    }
    expect(stats).toMatch(counted);
    await Promise.all(servers.map((x) => x.close()));
  }, 30_000);
});
