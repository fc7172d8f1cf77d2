import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { detectRuntimes } from "../../src/sandbox/runtimes.ts";
import type { LanguageId } from "../../src/sandbox/languages.ts";
import { firstLine, indexedLabel, makeProject, startServer } from "./helpers.ts";

const CAP = 16_384;
const runtimes = detectRuntimes(process.env);

/** One program per language that prints `hello 42`; the runtime it needs, when it is not the binary. */
const HELLO: { language: string; code: string; needs?: LanguageId; runtime?: string }[] = [
  { language: "javascript", code: "console.log('hello', 6 * 7)" },
  { language: "typescript", code: "const n: number = 6 * 7; console.log(`hello ${n}`)" },
  { language: "python", code: "print('hello', 6 * 7)", needs: "python", runtime: "python3" },
  { language: "shell", code: "echo hello $((6 * 7))", needs: "shell", runtime: "bash" },
  { language: "ruby", code: 'puts "hello #{6 * 7}"', needs: "ruby", runtime: "ruby" },
  { language: "go", code: 'fmt.Println("hello", 6*7)', needs: "go", runtime: "go" },
  { language: "rust", code: 'println!("hello {}", 6 * 7);', needs: "rust", runtime: "rustc" },
  { language: "php", code: 'echo "hello " . (6 * 7) . "\\n";', needs: "php", runtime: "php" },
  { language: "perl", code: 'print "hello ", 6 * 7, "\\n";', needs: "perl", runtime: "perl" },
  { language: "r", code: 'cat("hello", 6 * 7, "\\n")', needs: "r", runtime: "Rscript" },
  { language: "elixir", code: 'IO.puts("hello #{6 * 7}")', needs: "elixir", runtime: "elixir" },
  { language: "csharp", code: 'Console.WriteLine($"hello {6 * 7}");', needs: "csharp", runtime: "dotnet-script" },
];

describe("ctx_execute", async () => {
  const project = makeProject();
  mkdirSync(join(project.dir, "data"));
  writeFileSync(join(project.dir, "data", "orders.csv"), "id,status\n1,paid\n2,refunded\n3,paid\n");
  const server = await startServer(project);

  for (const c of HELLO) {
    const missing = c.needs !== undefined && !runtimes.has(c.needs);
    const name = missing ? `${c.language} (skipped: ${c.runtime} is not on PATH)` : c.language;
    test.skipIf(missing)(
      name,
      async () => {
        const r = await server.call("ctx_execute", { language: c.language, code: c.code, timeout: 90_000 }, { timeout: 120_000 });
        expect(r.isError).toBe(false);
        expect(r.text).toMatch(/^exit 0 · \d+ B\n/);
        expect(r.text).toMatch(/hello 42/);
      },
      120_000,
    );
  }

  test("aliases resolve (py, sh, js, ts)", async () => {
    for (const language of ["js", "ts", "sh"]) {
      const r = await server.call("ctx_execute", { language, code: language === "sh" ? "echo ok" : "console.log('ok')" });
      expect(r.text).toBe("exit 0 · 3 B\nok\n");
    }
  });

  test("a missing runtime names what to install", async () => {
    const absent = HELLO.find((c) => c.needs && !runtimes.has(c.needs));
    if (!absent) return; // every runtime is installed here: nothing to show
    const r = await server.call("ctx_execute", { language: absent.language, code: "x" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/is not installed; install /);
  });

  test("file: the code gets FILE_PATH and FILE_CONTENT, the file never enters the reply", async () => {
    const r = await server.call("ctx_execute", {
      language: "javascript",
      file: "data/orders.csv",
      code: "const rows = FILE_CONTENT.trim().split('\\n').slice(1); console.log(rows.filter(r => r.endsWith('paid')).length, process.env.FILE_PATH.endsWith('orders.csv'))",
    });
    expect(r.text).toBe("exit 0 · 7 B, 28 B kept out\n2 true\n");
  });

  test("cwd inside the project is honoured", async () => {
    const r = await server.call("ctx_execute", { language: "shell", code: "ls", cwd: "data" });
    expect(r.text).toContain("orders.csv");
  });

  test("a failure keeps the exit code and stderr visible", async () => {
    const r = await server.call("ctx_execute", {
      language: "python",
      code: "import sys\nprint('partial')\nsys.stderr.write('boom: bad thing\\n')\nsys.exit(3)",
    });
    expect(r.isError).toBe(true);
    expect(firstLine(r.text)).toMatch(/^exit 3 · /);
    expect(r.text).toContain("partial");
    expect(r.text).toContain("boom: bad thing");
  });

  test("a large failure keeps the stderr tail and exit code in a small reply", async () => {
    const code = "seq 1 40000 | sed 's/^/row /'; echo 'fatal: disk quota exceeded' >&2; exit 4";
    const r = await server.call("ctx_execute", { language: "shell", code });
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(CAP);
    expect(firstLine(r.text)).toMatch(/^exit 4 · .* output, .* shown, .* kept out → indexed as "exec:shell#/);
    expect(r.text).toContain("fatal: disk quota exceeded");
  });

  // 200 KB of log lines with a few distinctive ones in the middle.
  const bigCode = [
    "for (let i = 0; i < 3300; i++) {",
    "  console.log(`2026-02-23T10:${String(i % 60).padStart(2, '0')}:00Z INFO worker-${i % 7} request ${i} served in ${i % 97} ms`);",
    "  if (i === 1500) console.log('2026-02-23T10:25:00Z ERROR payment-gateway timeout after 30000 ms for order ZX-4417');",
    "}",
  ].join("\n");

  test("200 KB of log without intent: its error kinds and last lines, outline and a search call; full text findable", async () => {
    const r = await server.call("ctx_execute", { language: "javascript", code: bigCode });
    expect(r.isError).toBe(false);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(CAP);
    expect(firstLine(r.text)).toMatch(/^exit 0 · 2\d\d\.\d KB output, [\d.]+ KB shown, \d{3}\.\d KB kept out → indexed as "exec:javascript#\d+-\w+"$/);
    expect(r.text).toContain("log, 3,301 lines, 2");
    expect(r.text).toContain("1 error line (1 kind), no warning lines");
    expect(r.text).toContain("  ×1 · line 1502 · 2026-02-23T10:25:00Z ERROR payment-gateway timeout after 30000 ms for order ZX-4417");
    expect(r.text).toContain("request 3299 served");
    expect(r.text).toMatch(/sections \(\d+, lines and title\)/);
    const label = indexedLabel(r.text);
    expect(r.text).toContain(`ctx_search(queries: ["…"], source: "${label}")`);

    const s = await server.call("ctx_search", { queries: ["payment-gateway timeout ZX-4417"], source: label });
    expect(s.text).toContain("ERROR payment-gateway timeout after 30000 ms for order ZX-4417");
    expect(s.text).toContain(`[${label}]`);
  });

  test("200 KB with intent: the matching part, within budget", async () => {
    const r = await server.call("ctx_execute", { language: "javascript", code: bigCode, intent: "payment gateway error" });
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(CAP);
    expect(firstLine(r.text)).toMatch(/kept out → indexed as "exec:javascript#/);
    expect(r.text).toContain("ERROR payment-gateway timeout after 30000 ms for order ZX-4417");
    expect(r.text).toContain('ctx_search(queries: ["payment gateway error"], source: "exec:javascript#');
  });

  test("two calls never share a label, so one cannot overwrite the other", async () => {
    const code = "for (let i = 0; i < 2000; i++) console.log('same output line number', i, 'x'.repeat(20))";
    const a = indexedLabel((await server.call("ctx_execute", { language: "js", code })).text);
    const b = indexedLabel((await server.call("ctx_execute", { language: "js", code })).text);
    expect(a).not.toBe(b);
    for (const label of [a, b]) {
      const s = await server.call("ctx_search", { queries: ["same output line number 1999"], source: label });
      expect(s.text).toContain(`[${label}]`);
    }
  });

  test("secrets are redacted in the index but printed output reaches the agent unchanged", async () => {
    const token = `ghp_${"a1B2c3D4e5".repeat(4)}`;
    const small = await server.call("ctx_execute", { language: "shell", code: `echo "GITHUB_TOKEN=${token}"` });
    expect(small.text).toContain(token);
    const code = `for i in $(seq 1 3000); do echo "filler line $i of the deploy log"; done; echo "deploy uses GITHUB_TOKEN=${token}"`;
    const big = await server.call("ctx_execute", { language: "shell", code });
    const label = indexedLabel(big.text);
    const s = await server.call("ctx_search", { queries: ["deploy uses GITHUB_TOKEN"], source: label });
    expect(s.text).toContain("GITHUB_TOKEN=[REDACTED]");
    expect(s.text).not.toContain(token);
  });
});

describe("ctx_execute without a usable database", async () => {
  // A data dir under a regular file cannot be created: every store access fails.
  const server = await startServer(makeProject(), { CTXMODE_DATA_DIR: "/dev/null/ctxmode" });

  test("small output still returns; large output falls back to a preview and says why", async () => {
    expect((await server.call("ctx_execute", { language: "shell", code: "echo fine" })).text).toBe("exit 0 · 5 B\nfine\n");
    const r = await server.call("ctx_execute", { language: "shell", code: "seq 1 30000" });
    expect(r.isError).toBe(false);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(CAP);
    expect(firstLine(r.text)).toMatch(/kept out \(not indexed: .+\)$/);
    expect(r.text).toContain("head (lines 1-");
    expect(r.text).toContain("30000");
  });

  test("ctx_batch output survives too", async () => {
    const r = await server.call("ctx_batch", { commands: ["seq 1 30000", "echo done"], queries: ["29999"] });
    expect(firstLine(r.text)).toMatch(/kept out \(not indexed: .+\)$/);
    expect(r.text).toContain("30000");
    expect(r.text).not.toContain("ctx_search(");
  });
});
