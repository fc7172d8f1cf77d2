import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findExecutable } from "../../src/sandbox/runtimes.ts";
import { runCode, type RunRequest } from "../../src/sandbox/run.ts";

const project = mkdtempSync(join(tmpdir(), "ctxmode-tree-test-"));
const started: number[] = [];
afterAll(() => {
  // Anything a failed assertion left running is ended here, by its own pid.
  for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(project, { recursive: true, force: true });
});

const shell = (code: string, extra: Partial<RunRequest> = {}) =>
  runCode({ language: "shell", code, cwd: project, env: process.env, timeoutMs: 30_000, captureCap: 64 * 1024, ...extra });

/** A pid counts as gone when /proc has no entry or only a zombie waiting for its reaper. */
function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    const text = readFileSync(stat, "utf8");
    return text.slice(text.lastIndexOf(")") + 2, text.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function waitGone(pids: number[], ms = 2_000): Promise<number[]> {
  const until = Date.now() + ms;
  while (Date.now() < until && pids.some(alive)) await Bun.sleep(20);
  return pids.filter(alive);
}

const pidsOf = (stdout: string) => {
  const pids = stdout.split(/\s+/).filter(Boolean).map(Number);
  started.push(...pids);
  return pids;
};

describe.skipIf(!existsSync("/proc/self/stat"))("process tree", () => {
  test("a timeout kills the child and every grandchild", async () => {
    const code = "sleep 300 & echo $!; sleep 300 & echo $!; sh -c 'sleep 300 & echo $!; wait' & echo $$; wait";
    const t0 = Date.now();
    const result = await shell(code, { timeoutMs: 700 });
    expect(result.timedOut).toBe(true);
    expect(result.cancelled).toBe(false);
    expect(result.signal).toBe("SIGKILL");
    expect(Date.now() - t0).toBeLessThan(5_000);
    const pids = pidsOf(result.stdout);
    expect(pids.length).toBe(4);
    expect(await waitGone(pids)).toEqual([]);
  });

  test("an abort signal cancels the run and kills the tree", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 400);
    const result = await shell("sleep 300 & echo $!; echo $$; wait", { signal: controller.signal });
    expect(result.cancelled).toBe(true);
    expect(result.timedOut).toBe(false);
    const pids = pidsOf(result.stdout);
    expect(pids.length).toBe(2);
    expect(await waitGone(pids)).toEqual([]);
  });

  test("an already aborted signal runs nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await shell("echo should-not-run", { signal: controller.signal });
    expect(result.cancelled).toBe(true);
    expect(result.stdout).toBe("");
    expect(result.exitCode).toBeNull();
  });

  test("after a normal exit, stray grandchildren are killed", async () => {
    // The background sleep does not hold the pipes, so the run ends at once; it must still die.
    const result = await shell("sleep 300 >/dev/null 2>&1 & echo $!");
    expect(result.exitCode).toBe(0);
    expect(result.timedOut).toBe(false);
    expect(await waitGone(pidsOf(result.stdout))).toEqual([]);
  });

  test("a grandchild holding stdout does not keep the run open", async () => {
    const t0 = Date.now();
    const result = await shell("sleep 300 & echo $!; echo done");
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("done");
    expect(await waitGone(pidsOf(result.stdout).slice(0, 1))).toEqual([]);
  });

  const setsid = findExecutable("setsid", process.env);
  test.skipIf(!setsid)("a grandchild that left the process group but holds stdout is not waited for", async () => {
    const t0 = Date.now();
    const result = await shell("setsid sh -c 'echo $$; exec sleep 300' & sleep 0.2; echo done");
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("done");
    // It escaped the group (setsid), so it is ours to end.
    const [pid] = pidsOf(result.stdout);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, "SIGKILL");
  });

  test("output written before the exit is all read", async () => {
    const result = await shell("i=0; while [ $i -lt 2000 ]; do echo line$i; i=$((i+1)); done");
    expect(result.stdout.split("\n").length).toBe(2001);
    expect(result.stdout).toEndWith("line1999\n");
  });
});
