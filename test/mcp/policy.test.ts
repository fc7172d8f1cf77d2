import { describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers/temp.ts";
import { makeProject, startServer } from "./helpers.ts";
import { fastestAsync } from "../helpers/growth.ts";

describe("policy and file access", async () => {
  const outside = tempDir("ctxmode-outside-");
  writeFileSync(join(outside, "secret.txt"), "top secret outside the project\n");
  mkdirSync(join(outside, "granted"));
  writeFileSync(join(outside, "granted", "log.txt"), "granted log line\n");
  const project = makeProject({
    permissions: {
      deny: ["Bash(sudo *)", "Read(**/.env)"],
      allow: [`Read(/${join(outside, "granted")}/**)`],
    },
  });
  writeFileSync(join(project.dir, ".env"), "API_KEY=abc\n");
  writeFileSync(join(project.dir, "notes.md"), "# Notes\n\nproject notes about caching\n");
  symlinkSync(join(outside, "secret.txt"), join(project.dir, "escape.txt"));
  symlinkSync(outside, join(project.dir, "escape-dir"));
  const server = await startServer(project);

  const denied: [string, string][] = [
    ["chained", "echo ok && sudo rm -rf /"],
    ["newline", "echo ok\nsudo rm -rf /"],
    ["substitution", "echo $(sudo cat /etc/shadow)"],
    ["backticks", "echo `sudo id`"],
    ["background", "true & sudo reboot"],
    ["function", "function f { sudo id; }; f"],
  ];
  for (const [name, code] of denied) {
    test(`ctx_execute shell: deny rule Bash(sudo *) blocks ${name}`, async () => {
      const r = await server.call("ctx_execute", { language: "shell", code });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/blocked: `sudo .*` matches the deny rule Bash\(sudo \*\)/);
      expect(r.text).toContain(join(project.dir, ".claude", "settings.json"));
    });
  }

  test("a quoted separator does not split, so the command runs", async () => {
    const r = await server.call("ctx_execute", { language: "shell", code: "echo 'a && sudo b'" });
    expect(r.isError).toBe(false);
    expect(r.text).toContain("a && sudo b");
  });

  test("ctx_batch: one denied command blocks the batch before anything runs", async () => {
    const marker = join(project.dir, "ran-first");
    const r = await server.call("ctx_batch", { commands: [`touch ${marker}`, "echo ok && sudo rm -rf /"] });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/command 2 blocked: `sudo rm -rf \/` matches the deny rule Bash\(sudo \*\)/);
    expect(await Bun.file(marker).exists()).toBe(false);
  });

  test("a file outside the project is refused", async () => {
    const r = await server.call("ctx_execute", { language: "shell", code: 'wc -c < "$FILE_PATH"', file: join(outside, "secret.txt") });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/outside the project; pass a path under .* or add a Read\(\.\.\.\) allow rule/);
  });

  test("a symlink escaping the project is refused (file, cwd and index)", async () => {
    const viaFile = await server.call("ctx_execute", { language: "shell", code: 'cat "$FILE_PATH"', file: "escape.txt" });
    expect(viaFile.isError).toBe(true);
    expect(viaFile.text).toContain("outside the project");
    expect(viaFile.text).not.toContain("top secret");
    const viaCwd = await server.call("ctx_execute", { language: "shell", code: "cat secret.txt", cwd: "escape-dir" });
    expect(viaCwd.isError).toBe(true);
    expect(viaCwd.text).toContain("outside the project");
    const viaIndex = await server.call("ctx_index", { path: "escape-dir" });
    expect(viaIndex.isError).toBe(true);
    expect(viaIndex.text).toContain("outside the project");
  });

  test("a Read allow rule grants a path outside the project", async () => {
    const r = await server.call("ctx_execute", { language: "shell", code: 'cat "$FILE_PATH"', file: join(outside, "granted", "log.txt") });
    expect(r.isError).toBe(false);
    expect(r.text).toContain("granted log line");
  });

  test("a Read deny rule refuses a file inside the project, and a directory index skips it", async () => {
    const r = await server.call("ctx_execute", { language: "shell", code: 'cat "$FILE_PATH"', file: ".env" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/denied by the rule Read\(\*\*\/\.env\)/);
    const idx = await server.call("ctx_index", { path: "." });
    expect(idx.isError).toBe(false);
    expect(idx.text).toMatch(/skipped \d+:/);
    expect(idx.text).toContain(".env");
    const s = await server.call("ctx_search", { queries: ["API_KEY"] });
    expect(s.text).not.toContain("API_KEY=abc");
  });
});

describe("policy cost", async () => {
  const rules = Array.from({ length: 300 }, (_, i) => `Bash(*${"a*".repeat(8)}tool${i} *)`);
  const server = await startServer(makeProject({ permissions: { deny: [...rules, "Bash(sudo *)"] } }));

  test("a 100 KB command against 300 glob rules is denied, and costs at most 6x a 25 KB one", async () => {
    const commandOf = (n: number) => `${"echo aaaaaaaaaaaaaaaaaaaa && ".repeat(n)}echo done && sudo true`;
    expect(commandOf(4_000).length).toBeGreaterThan(100_000);
    const call = (n: number) => () => server.call("ctx_execute", { language: "shell", code: commandOf(n) });
    const r = await call(4_000)();
    expect(r.isError).toBe(true);
    expect(r.text).toContain("Bash(sudo *)");
    expect((await fastestAsync(call(4_000))) / (await fastestAsync(call(1_000)))).toBeLessThan(6);
  });
});

test("an edit to the settings applies to the next call of the same server, and so does removing the file", async () => {
  const project = makeProject({ permissions: { deny: [] } });
  const server = await startServer(project);
  const settings = join(project.dir, ".claude", "settings.json");
  expect((await server.call("ctx_execute", { language: "shell", code: "echo first-run" })).isError).toBe(false);
  writeFileSync(settings, JSON.stringify({ permissions: { deny: ["Bash(echo *)"] } }));
  const blocked = await server.call("ctx_execute", { language: "shell", code: "echo second-run" });
  expect(blocked.isError).toBe(true);
  expect(blocked.text).toContain("matches the deny rule Bash(echo *)");
  rmSync(settings);
  expect((await server.call("ctx_execute", { language: "shell", code: "echo third-run" })).isError).toBe(false);
  await server.close();
});
