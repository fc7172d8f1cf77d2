import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCode } from "../../src/sandbox/run.ts";

const project = mkdtempSync(join(tmpdir(), "ctxmode-flood-test-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const GiB = 1024 * 1024 * 1024;
const cap = 16 * 1024;

test("a 1 GiB stdout flood is capped while streaming: bounded memory, head and tail kept, every byte counted", async () => {
  const base = { language: "shell" as const, cwd: project, env: process.env, timeoutMs: 30_000, captureCap: cap };
  await runCode({ ...base, code: "echo warm-up" });
  Bun.gc(true);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = Date.now();
  const code = `printf START; head -c ${GiB - 8} /dev/zero | tr '\\0' 'a'; printf END; echo err >&2`;
  const result = await runCode({ ...base, code });
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  expect(result.exitCode).toBe(0);
  expect(result.stdoutBytes).toBe(GiB);
  expect(result.truncated).toBe(true);
  expect(result.stdout).toStartWith("STARTaaa");
  expect(result.stdout).toEndWith("aaaEND");
  expect(result.stdout).toContain(`[... ${GiB - cap} bytes omitted of ${GiB} ...]`);
  expect(result.stdout.length).toBeLessThan(cap + 100);
  expect(result.stderr).toBe("err\n");
  expect(result.stderrBytes).toBe(4);
  expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  expect(Date.now() - t0).toBeLessThan(10_000);
}, 30_000);
