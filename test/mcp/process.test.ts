import { describe, expect, test } from "bun:test";
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { firstLine, isAlive, makeProject, processesWith, serverEnv, startServer, waitFor } from "./helpers.ts";

/** Each test's sleepers carry a unique duration, so /proc shows exactly the processes it started. */
const marker = (n: number) => `${313 + n}.${process.pid % 1000}`;

describe("sandbox processes", async () => {
  const server = await startServer();

  test("a timeout kills the child and every grandchild", async () => {
    const m = marker(1);
    const code = [
      `sleep ${m} &`,
      `(sleep ${m} &)`, // a grandchild whose parent exits at once
      `bash -c 'sleep ${m} & sleep ${m}' &`,
      "echo started",
      `sleep ${m}`,
    ].join("\n");
    const started = Date.now();
    const r = await server.call("ctx_execute", { language: "shell", code, timeout: 1_500 });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(r.isError).toBe(true);
    expect(firstLine(r.text)).toMatch(/^timed out after 1\.5 s \(process tree killed\)/);
    expect(r.text).toContain("started");
    expect(await waitFor(() => processesWith(`sleep ${m}`).length === 0, 3_000)).toBe(true);
  });

  test("MCP cancellation kills the process tree", async () => {
    const m = marker(2);
    const controller = new AbortController();
    const call = server.call("ctx_execute", { language: "shell", code: `bash -c 'sleep ${m}' & sleep ${m}` }, { signal: controller.signal });
    expect(await waitFor(() => processesWith(`sleep ${m}`).length >= 2, 5_000)).toBe(true);
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(await waitFor(() => processesWith(`sleep ${m}`).length === 0, 3_000)).toBe(true);
    // The server is still serving.
    expect((await server.call("ctx_execute", { language: "shell", code: "echo alive" })).text).toContain("alive");
  });

  test("a 1 GB output flood stays bounded in reply, memory and time", async () => {
    const started = Date.now();
    const r = await server.call(
      "ctx_execute",
      { language: "shell", code: "yes 'flood line 0123456789 abcdefghij klmnopqrst' | head -c 1073741824" },
      { timeout: 30_000 },
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(16_384);
    expect(firstLine(r.text)).toMatch(/^exit 0 · 1\.0 GB output, .* kept out → indexed as "exec:shell#.*dropped while streaming$/);
    // Peak RSS of the server: the capture keeps 8 MiB per stream, whatever the child writes.
    const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) * 1024;
    expect(hwm).toBeLessThan(320 * 1024 * 1024);
  }, 30_000);
});

describe("server lifecycle", () => {
  const initialize = `${JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  })}\n`;

  test("exits when stdin closes", async () => {
    const project = makeProject();
    const proc = Bun.spawn([binary, "serve"], { cwd: project.dir, env: serverEnv(project), stdin: "pipe", stdout: "pipe", stderr: "ignore" });
    proc.stdin.write(initialize);
    proc.stdin.flush();
    const reader = proc.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"serverInfo"');
    proc.stdin.end();
    const code = await Promise.race([proc.exited, Bun.sleep(3_000).then(() => "still running")]);
    expect(code).toBe(0);
  });

  test("exits on SIGTERM", async () => {
    const project = makeProject();
    const proc = Bun.spawn([binary, "serve"], { cwd: project.dir, env: serverEnv(project), stdin: "pipe", stdout: "pipe", stderr: "ignore" });
    proc.stdin.write(initialize);
    proc.stdin.flush();
    await proc.stdout.getReader().read();
    proc.kill("SIGTERM");
    const code = await Promise.race([proc.exited, Bun.sleep(3_000).then(() => "still running")]);
    expect(code).not.toBe("still running");
  });

  test("exits after its parent is killed, even with stdin still open", async () => {
    const project = makeProject();
    // The server reads a FIFO that this test holds open for writing, so its stdin never ends and
    // only the death of its parent (an intermediate shell) can stop it.
    const fifo = join(project.dir, "..", "stdin.fifo");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    const writer = openSync(fifo, "r+");
    const script = `"${binary}" serve < "${fifo}" & echo "pid $!"; wait`;
    const parent = Bun.spawn(["sh", "-c", script], { cwd: project.dir, env: serverEnv(project), stdin: "ignore", stdout: "pipe", stderr: "ignore" });
    const reader = parent.stdout.getReader();
    let out = "";
    while (!/pid \d+\n/.test(out)) out += new TextDecoder().decode((await reader.read()).value);
    const serverPid = Number(/pid (\d+)/.exec(out)![1]);
    writeSync(writer, initialize);
    while (!out.includes('"serverInfo"')) out += new TextDecoder().decode((await reader.read()).value);
    expect(isAlive(serverPid)).toBe(true);

    process.kill(parent.pid, "SIGKILL");
    const killedAt = Date.now();
    expect(await waitFor(() => !isAlive(serverPid), 6_000)).toBe(true);
    // It noticed the dead parent (polled every 2 s), not a closed stdin.
    expect(Date.now() - killedAt).toBeGreaterThan(100);
    closeSync(writer);
  }, 15_000);
});
