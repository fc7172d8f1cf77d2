import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CtxError } from "../../src/errors.ts";
import { availableLanguages, detectRuntimes, findExecutable, planRun } from "../../src/sandbox/runtimes.ts";
import { runCode } from "../../src/sandbox/run.ts";

const dir = mkdtempSync(join(tmpdir(), "ctxmode-rt-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeBin(name: string, mode = 0o755): string {
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const file = join(bin, name);
  writeFileSync(file, "#!/bin/sh\necho fake\n");
  chmodSync(file, mode);
  return file;
}

describe("findExecutable", () => {
  test("finds an executable file on PATH, skipping empty, relative and missing entries", () => {
    const file = fakeBin("ctxmode-fake-ruby");
    const env = { PATH: ["", ".", "relative/bin", "/nonexistent", join(dir, "bin")].join(":") };
    expect(findExecutable("ctxmode-fake-ruby", env, "linux")).toBe(file);
  });

  test("ignores files that are not executable and directories", () => {
    fakeBin("ctxmode-not-exec", 0o644);
    mkdirSync(join(dir, "bin", "ctxmode-a-dir"), { recursive: true });
    const env = { PATH: join(dir, "bin") };
    expect(findExecutable("ctxmode-not-exec", env, "linux")).toBeNull();
    expect(findExecutable("ctxmode-a-dir", env, "linux")).toBeNull();
  });
});

describe("detectRuntimes", () => {
  test("uses the first candidate found, once per PATH value", () => {
    const bin = join(dir, "py-only");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "python"), "#!/bin/sh\n");
    chmodSync(join(bin, "python"), 0o755);
    const env = { PATH: bin };
    const found = detectRuntimes(env);
    expect(found.get("python")).toBe(join(bin, "python"));
    expect(found.has("ruby")).toBe(false);
    expect(detectRuntimes({ PATH: bin })).toBe(found); // cached
  });

  test("JavaScript and TypeScript are always available under Bun", () => {
    const langs = availableLanguages({ PATH: "/nonexistent" });
    expect(langs).toEqual(["javascript", "typescript"]);
  });
});

describe("missing runtime", () => {
  const env = { PATH: "/nonexistent-ctxmode-path" };
  test.each(["python", "ruby", "go", "rust", "php", "perl", "r", "elixir", "csharp", "shell"] as const)(
    "%s -> RUNTIME_MISSING with an install hint",
    (language) => {
      let caught: unknown;
      try {
        planRun(language, "/tmp/x", "/tmp", env);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(CtxError);
      expect((caught as CtxError).code).toBe("RUNTIME_MISSING");
      expect((caught as CtxError).message).toStartWith(`${language} is not installed; install`);
      expect((caught as CtxError).message).toContain("on PATH");
    },
  );

  test("runCode rejects with RUNTIME_MISSING", async () => {
    const promise = runCode({ language: "python", code: "print(1)", cwd: dir, env, timeoutMs: 5_000, captureCap: 1024 });
    await expect(promise).rejects.toMatchObject({ code: "RUNTIME_MISSING", message: expect.stringContaining("python is not installed; install python3") });
  });
});

/** What a rustup proxy prints when no default toolchain is set (rustup 1.28), then exits 1. */
const RUSTUP_NO_DEFAULT = `#!/bin/sh
echo "error: rustup could not choose a version of $(basename "$0") to run, because one wasn't specified explicitly, and no default is configured." >&2
echo "help: run 'rustup default stable' to download the latest stable release of Rust and set it as your default toolchain." >&2
exit 1
`;

describe("a runtime on PATH that cannot run", () => {
  const bin = join(dir, "rustup-proxy");
  mkdirSync(bin, { recursive: true });
  for (const name of ["rustc", "cargo"]) writeFileSync(join(bin, name), RUSTUP_NO_DEFAULT, { mode: 0o755 });
  const env = { PATH: `${bin}:/usr/bin:/bin` };

  test("a rustup proxy with no default toolchain: rust is not available", () => {
    expect(detectRuntimes(env).has("rust")).toBe(false);
    expect(availableLanguages(env)).not.toContain("rust");
  });

  test("running rust says why, and what to install", async () => {
    const promise = runCode({ language: "rust", code: "fn main() {}", cwd: dir, env, timeoutMs: 10_000, captureCap: 1024 });
    await expect(promise).rejects.toMatchObject({ code: "RUNTIME_MISSING" });
    const message = await promise.catch((err: Error) => err.message);
    expect(message).toStartWith(`rust cannot run here: \`${join(bin, "rustc")} --version\` exited 1 (error: rustup could not choose a version of rustc to run`);
    expect(message).toEndWith("; install rustc (https://rustup.rs) and make sure it is on PATH");
  });

  test("each runtime is probed once per process, whatever the PATH spelling", () => {
    const counted = join(dir, "counted");
    mkdirSync(counted, { recursive: true });
    const log = join(dir, "ruby-runs.log");
    writeFileSync(join(counted, "ruby"), `#!/bin/sh\necho run >> '${log}'\necho 'ruby 3.3.0'\n`, { mode: 0o755 });
    expect(detectRuntimes({ PATH: counted }).has("ruby")).toBe(true);
    expect(detectRuntimes({ PATH: `${counted}:/nonexistent` }).has("ruby")).toBe(true);
    expect(readFileSync(log, "utf8")).toBe("run\n");
  });

  test("a runtime whose version command hangs is unavailable after the probe's timeout", () => {
    const hung = join(dir, "hung");
    mkdirSync(hung, { recursive: true });
    writeFileSync(join(hung, "perl"), "#!/bin/sh\nexec sleep 60\n", { mode: 0o755 });
    const t = performance.now();
    expect(detectRuntimes({ PATH: hung }).has("perl")).toBe(false);
    expect(performance.now() - t).toBeLessThan(8_000);
  }, 15_000);
});

describe("JS/TS on the host executable", () => {
  test("under Bun they run on process.execPath with BUN_BE_BUN=1 and no project .env or bunfig", () => {
    const plan = planRun("typescript", "/tmp/run/script.ts", "/tmp/run", {});
    expect(plan.run.command).toBe(process.execPath);
    expect(plan.run.env.BUN_BE_BUN).toBe("1");
    expect(plan.run.args).toContain("--no-env-file");
    expect(plan.run.args.at(-1)).toBe("/tmp/run/script.ts");
  });

  test("a compiled binary runs a TypeScript file when BUN_BE_BUN=1", async () => {
    const entry = join(dir, "entry.ts");
    writeFileSync(entry, 'console.log("entry");\n');
    const binary = join(dir, "compiled");
    const build = Bun.spawnSync([process.execPath, "build", "--compile", entry, "--outfile", binary], { stderr: "pipe" });
    expect(build.exitCode).toBe(0);
    const script = join(dir, "user.ts");
    writeFileSync(script, "const n: number = 41;\nconsole.log(`user ${n + 1}`);\n");
    const plain = Bun.spawnSync([binary, script], { stdout: "pipe" });
    expect(plain.stdout.toString()).toBe("entry\n");
    const asBun = Bun.spawnSync([binary, "run", script], { stdout: "pipe", env: { ...process.env, BUN_BE_BUN: "1" } });
    expect(asBun.stdout.toString()).toBe("user 42\n");
  }, 60_000);
});
