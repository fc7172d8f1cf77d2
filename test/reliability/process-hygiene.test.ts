import { describe, expect, test } from "bun:test";
import { mkdirSync, openSync, closeSync, readdirSync, writeSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { figure } from "../helpers/figures.ts";
import { tempDir } from "../helpers/temp.ts";
import { isAlive, makeProject, processesWith, serverEnv, startServer, waitFor } from "../mcp/helpers.ts";
import { descendants, rss } from "./helpers.ts";

/** Each scenario's sleepers carry a unique duration, so /proc shows exactly the processes it started. */
const marker = (n: number) => `${417 + n}.${process.pid % 1000}`;
const TREE = (m: string) =>
  [`sleep ${m} &`, `(sleep ${m} &)`, `bash -c 'sleep ${m} & sleep ${m}' &`, `sh -c 'sh -c "sleep ${m}"' &`, "echo started", `sleep ${m}`].join("\n");

describe("process hygiene", () => {
  test("after timeouts, cancellations and 1 GB floods: no child or grandchild left, no temp dir left, RSS back near baseline", async () => {
    const tmp = tempDir("ctxmode-hygiene-tmp-");
    const server = await startServer(makeProject(), { TMPDIR: tmp });
    // Baseline once the tools the scenarios use are loaded.
    await server.call("ctx_execute", { language: "shell", code: "seq 1 50000" });
    await server.call("ctx_search", { queries: ["12345"] });
    await Bun.sleep(500);
    const baseline = rss(server.pid);
    let faults = 0;
    let peak = baseline;
    for (let round = 0; round < 3; round++) {
      const m = marker(round * 3);
      const timedOut = await server.call("ctx_execute", { language: "shell", code: TREE(m), timeout: 1_000 });
      expect(timedOut.text).toMatch(/timed out after/);
      const batch = await server.call("ctx_batch", { commands: [{ label: "tree", command: TREE(marker(round * 3 + 1)) }], timeout: 1_000 });
      expect(batch.text).toMatch(/timed out|timeout|skipped/i);
      const controller = new AbortController();
      const cancelled = server.call("ctx_execute", { language: "shell", code: TREE(marker(round * 3 + 2)) }, { signal: controller.signal });
      expect(await waitFor(() => processesWith(`sleep ${marker(round * 3 + 2)}`).length >= 3, 5_000)).toBe(true);
      controller.abort();
      await expect(cancelled).rejects.toThrow();
      const flood = await server.call(
        "ctx_execute",
        { language: "shell", code: "yes 'flood line 0123456789 abcdefghij klmnopqrstuvwxyz' | head -c 1073741824" },
        { timeout: 60_000 },
      );
      expect(flood.text).toMatch(/^exit 0 · 1\.0 GB output/);
      peak = Math.max(peak, rss(server.pid));
      faults += 4;
      // Nothing survives: no descendant of the server, no sleeper of this round anywhere.
      expect(await waitFor(() => descendants(server.pid).length === 0, 5_000)).toBe(true);
      for (let k = 0; k < 3; k++) expect(await waitFor(() => processesWith(`sleep ${marker(round * 3 + k)}`).length === 0, 3_000)).toBe(true);
      expect(readdirSync(tmp).filter((n) => n.startsWith("ctxmode-"))).toEqual([]);
    }
    // Memory: the flood is capped while streaming and the buffers are let go afterwards.
    await server.call("ctx_execute", { language: "shell", code: "echo settle" });
    let after = rss(server.pid);
    for (let i = 0; i < 40 && after > baseline + 32 * 1024 * 1024; i++) {
      await Bun.sleep(250);
      after = rss(server.pid);
    }
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    console.log(`server RSS: baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, after ${mb(after)} MB`);
    expect(after).toBeLessThan(baseline + 32 * 1024 * 1024);
    figure("hygiene.faults", faults + 1);
    figure("hygiene.rss_baseline_mb", mb(baseline), "MB");
    figure("hygiene.rss_after_mb", mb(after), "MB");
    figure("hygiene.rss_peak_mb", mb(peak), "MB");
  }, 180_000);

  test("the parent dies mid-run: the server exits and takes the running process tree with it", async () => {
    const project = makeProject();
    const tmp = tempDir("ctxmode-hygiene-parent-");
    mkdirSync(tmp, { recursive: true });
    const fifo = join(tmp, "stdin.fifo");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    const writer = openSync(fifo, "r+");
    const m = marker(20);
    const parent = Bun.spawn(["sh", "-c", `"${binary}" serve < "${fifo}" & echo "pid $!"; wait`], {
      cwd: project.dir,
      env: serverEnv(project, { TMPDIR: tmp }),
      stdin: "ignore",
      stdout: "pipe",
      stderr: "ignore",
    });
    const reader = parent.stdout.getReader();
    let out = "";
    while (!/pid \d+\n/.test(out)) out += new TextDecoder().decode((await reader.read()).value);
    const serverPid = Number(/pid (\d+)/.exec(out)![1]);
    const send = (msg: unknown) => writeSync(writer, `${JSON.stringify(msg)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ctx_execute", arguments: { language: "shell", code: TREE(m) } } });
    expect(await waitFor(() => processesWith(`sleep ${m}`).length >= 3, 5_000)).toBe(true);

    process.kill(parent.pid, "SIGKILL");
    expect(await waitFor(() => !isAlive(serverPid), 8_000)).toBe(true);
    expect(await waitFor(() => processesWith(`sleep ${m}`).length === 0, 3_000)).toBe(true);
    expect(readdirSync(tmp).filter((n) => n.startsWith("ctxmode-"))).toEqual([]);
    closeSync(writer);
    figure("hygiene.parent_deaths", 1);
  }, 30_000);
});
