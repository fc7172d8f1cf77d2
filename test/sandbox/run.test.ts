import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LanguageId } from "../../src/sandbox/languages.ts";
import { detectRuntimes } from "../../src/sandbox/runtimes.ts";
import { runCode, type RunRequest } from "../../src/sandbox/run.ts";

// Every run in this file uses a private TMPDIR, so leftover run dirs can be counted exactly.
const root = mkdtempSync(join(tmpdir(), "ctxmode-run-test-"));
const runTmp = join(root, "tmp");
const project = join(root, "project");
const savedTmpdir = process.env.TMPDIR;
beforeAll(() => {
  mkdirSync(runTmp);
  mkdirSync(project);
  process.env.TMPDIR = runTmp;
});
afterAll(() => {
  process.env.TMPDIR = savedTmpdir;
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  rmSync(root, { recursive: true, force: true });
});

const leftovers = () => readdirSync(runTmp).filter((name) => name.startsWith("ctxmode-run-"));
const run = (language: LanguageId, code: string, extra: Partial<RunRequest> = {}) =>
  runCode({ language, code, cwd: project, env: process.env, timeoutMs: 30_000, captureCap: 64 * 1024, ...extra });
const runtimes = detectRuntimes(process.env);
const missing = (language: LanguageId) => !runtimes.has(language);

const HELLO: [LanguageId, string][] = [
  ["javascript", 'console.log("hello " + (6 * 7))'],
  ["typescript", "const n: number = 6 * 7;\nconsole.log(`hello ${n}`)"],
  ["python", "print('hello', 6 * 7)"],
  ["shell", "echo hello $((6 * 7))"],
  ["ruby", 'puts "hello #{6 * 7}"'],
  ["go", 'fmt.Println("hello", 6*7)'],
  ["rust", 'println!("hello {}", 6 * 7);'],
  ["php", 'echo "hello " . (6 * 7) . "\\n";'],
  ["perl", 'print "hello " . (6 * 7) . "\\n";'],
  ["r", 'cat("hello", 6 * 7, "\\n", sep = " ")'],
  ["elixir", 'IO.puts("hello #{6 * 7}")'],
  ["csharp", 'Console.WriteLine($"hello {6 * 7}");'],
];

describe("runCode per language", () => {
  for (const [language, code] of HELLO) {
    const hostRun = language === "javascript" || language === "typescript";
    const skip = !hostRun && missing(language);
    const name = skip ? `${language} (skipped: no ${language} runtime on PATH)` : language;
    test.skipIf(skip)(
      name,
      async () => {
        const result = await run(language, code);
        expect(result.stderr).toBe(language === "r" ? result.stderr : "");
        expect(result.stdout.trim().replace(/\s+/g, " ")).toBe("hello 42");
        expect(result.exitCode).toBe(0);
        expect(result.timedOut).toBe(false);
        expect(leftovers()).toEqual([]);
      },
      60_000,
    );
  }
});

describe("runCode behaviour", () => {
  test("runs in the project dir, reports exit code and stderr separately", async () => {
    const started = performance.now();
    const result = await run("shell", "pwd; echo oops >&2; exit 3");
    const wall = performance.now() - started;
    expect(result.stdout.trim()).toBe(project);
    expect(result.stderr).toBe("oops\n");
    expect(result.exitCode).toBe(3);
    expect(result.stdoutBytes).toBe(project.length + 1);
    expect(result.truncated).toBe(false);
    // A process was started and waited for: some time passed, and no more than the call took.
    expect(result.durationMs).toBeGreaterThan(0);
    expect(result.durationMs).toBeLessThanOrEqual(Math.ceil(wall)); // whole ms
  });

  test("TMPDIR is the run's own temp dir, removed after the run", async () => {
    const result = await run("shell", 'echo "$TMPDIR"; ls "$TMPDIR"');
    const [tmp, ...files] = result.stdout.trim().split("\n");
    expect(tmp).toStartWith(join(runTmp, "ctxmode-run-"));
    expect(files).toContain("script.sh");
    expect(existsSync(tmp!)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  test("temp dir is removed after a timeout too", async () => {
    const result = await run("shell", 'echo "$TMPDIR"; sleep 30', { timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(existsSync(result.stdout.trim())).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  test("a missing runtime rejects with RUNTIME_MISSING and leaves no temp dir", async () => {
    const env = { PATH: "/nonexistent-ctxmode-path" };
    await expect(run("ruby", "puts 1", { env })).rejects.toMatchObject({ code: "RUNTIME_MISSING" });
    expect(leftovers()).toEqual([]);
  });

  test("stdin is closed", async () => {
    const result = await run("shell", "cat; echo done");
    expect(result.stdout).toBe("done\n");
  });

  test("injection variables are not passed; other variables and forced values are", async () => {
    const env = {
      ...process.env,
      NODE_OPTIONS: "--require /nonexistent-ctxmode.js",
      LD_PRELOAD: "/nonexistent-ctxmode.so",
      BASH_ENV: "/nonexistent-ctxmode.sh",
      CTXMODE_TEST_KEEP: "kept",
    };
    const code = 'echo "${NODE_OPTIONS-unset} ${LD_PRELOAD-unset} ${BASH_ENV-unset} $CTXMODE_TEST_KEEP $PYTHONUNBUFFERED $NO_COLOR"';
    const result = await run("shell", code, { env });
    expect(result.stdout).toBe("unset unset unset kept 1 1\n");
    expect(result.stderr).toBe("");
    const js = await run("javascript", "console.log(process.env.NODE_OPTIONS ?? 'unset', process.env.BUN_BE_BUN ?? 'unset')", { env });
    expect(js.stdout).toBe("unset unset\n");
  });

  test("a project .env is not loaded into JS runs", async () => {
    writeFileSync(join(project, ".env"), "CTXMODE_DOTENV_PROBE=leaked\n");
    try {
      const result = await run("javascript", "console.log(process.env.CTXMODE_DOTENV_PROBE ?? 'clean')");
      expect(result.stdout).toBe("clean\n");
    } finally {
      rmSync(join(project, ".env"));
    }
  });

  test("missing file is BAD_INPUT; a bad cwd is BAD_INPUT", async () => {
    await expect(run("shell", "true", { filePath: "nope.txt" })).rejects.toMatchObject({ code: "BAD_INPUT" });
    await expect(run("shell", "true", { cwd: join(root, "missing") })).rejects.toMatchObject({ code: "BAD_INPUT" });
    await expect(run("shell", "true", { timeoutMs: 0 })).rejects.toMatchObject({ code: "BAD_INPUT" });
  });

  test("JS errors keep the user's line numbers", async () => {
    const result = await run("javascript", "const a = 1;\nthrow new Error('line two');", {});
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain("script.js:2");
  });
});

describe("FILE_PATH and FILE_CONTENT", () => {
  const content = "line one\nzwei — drei\n";
  beforeAll(() => writeFileSync(join(project, "data.txt"), content));
  const cases: [LanguageId, string][] = [
    ["javascript", "process.stdout.write(process.env.FILE_PATH + '|' + FILE_CONTENT)"],
    ["typescript", "const c: string = FILE_CONTENT; process.stdout.write(process.env.FILE_PATH + '|' + c)"],
    ["python", "import os, sys; sys.stdout.write(os.environ['FILE_PATH'] + '|' + FILE_CONTENT)"],
    ["shell", 'printf "%s|%s\\n" "$FILE_PATH" "$FILE_CONTENT"'],
    ["ruby", 'print ENV["FILE_PATH"] + "|" + FILE_CONTENT'],
    ["php", 'echo getenv("FILE_PATH") . "|" . $FILE_CONTENT;'],
    ["perl", 'use utf8; binmode STDOUT, ":encoding(UTF-8)"; print "$ENV{FILE_PATH}|$FILE_CONTENT";'],
    ["r", 'cat(Sys.getenv("FILE_PATH"), "|", FILE_CONTENT, "\\n", sep = "")'],
  ];
  for (const [language, code] of cases) {
    const hostRun = language === "javascript" || language === "typescript";
    const skip = !hostRun && missing(language);
    test.skipIf(skip)(
      skip ? `${language} (skipped: no ${language} runtime on PATH)` : language,
      async () => {
        const result = await run(language, code, { filePath: "data.txt" });
        expect(result.stderr).toBe("");
        // Shell's $(cat) drops trailing newlines; printf adds one back.
        expect(result.stdout).toBe(`${join(project, "data.txt")}|${content}`);
      },
      60_000,
    );
  }
});
