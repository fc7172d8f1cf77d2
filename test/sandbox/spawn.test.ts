import { describe, expect, test } from "bun:test";
import { tmpdir } from "node:os";
import { spawnCaptured } from "../../src/sandbox/spawn.ts";

const base = { args: [] as string[], cwd: tmpdir(), env: { PATH: "/usr/bin:/bin" }, timeoutMs: 5_000, captureCap: 1024 };

describe("spawnCaptured", () => {
  test.each(["/nonexistent-ctxmode/bin/tool", "/etc/hostname-ctxmode-missing", tmpdir()])(
    "a command that cannot start (%p) rejects with RUNTIME_MISSING",
    async (command) => {
      await expect(spawnCaptured({ ...base, command })).rejects.toMatchObject({
        code: "RUNTIME_MISSING",
        message: expect.stringContaining("could not be started"),
      });
    },
  );

  test("an env value with a NUL byte rejects instead of throwing", async () => {
    await expect(spawnCaptured({ ...base, command: "/bin/sh", env: { BAD: "a\0b" } })).rejects.toMatchObject({ code: "RUNTIME_MISSING" });
  });

  test("a signal exit is reported as the signal name", async () => {
    const result = await spawnCaptured({ ...base, command: "/bin/sh", args: ["-c", "kill -TERM $$"] });
    expect(result.exitCode).toBeNull();
    expect(result.signal).toBe("SIGTERM");
    expect(result.timedOut).toBe(false);
  });

  test("stderr is capped and counted like stdout", async () => {
    const result = await spawnCaptured({ ...base, command: "/bin/sh", args: ["-c", "head -c 5000 /dev/zero | tr '\\0' e >&2"], captureCap: 100 });
    expect(result.stderrBytes).toBe(5000);
    expect(result.stdoutBytes).toBe(0);
    expect(result.truncated).toBe(true);
    expect(result.stderr).toBe(`${"e".repeat(50)}\n[... 4900 bytes omitted of 5000 ...]\n${"e".repeat(50)}`);
  });
});
