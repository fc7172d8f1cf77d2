import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { hostPaths } from "../../src/config/host-paths.ts";
import { decideRoute } from "../../src/hooks/decide.ts";
import { resolveToolName } from "../../src/hooks/tool-names.ts";
import { createPolicy } from "../../src/sandbox/policy.ts";
import { extractToolEvents } from "../../src/session/extract.ts";
import { resolveProject } from "../../src/store/project.ts";
import { memoryPlaces } from "../../src/store/memory-files.ts";
import { hookEnv, hookSandbox, runHook } from "../hooks/helpers.ts";

/** Every instruction file a host reads from a project, and one file in each rule folder. */
const FILES = ["CLAUDE.md", "AGENTS.md", "GEMINI.md", "QWEN.md", ".github/copilot-instructions.md", ".cursorrules"];
const FOLDER_FILES = [".cursor/rules/style.mdc", ".kiro/steering/tech.md"];

describe("one list of instruction files, the same for every part that reads it", () => {
  const box = hookSandbox("ctxmode-instructions-");
  for (const f of [...FILES, ...FOLDER_FILES]) {
    mkdirSync(dirname(join(box.project, f)), { recursive: true });
    writeFileSync(join(box.project, f), "rule ".repeat(8_000));
  }

  test.each([...FILES, ...FOLDER_FILES])("a whole read of a large %s is not routed", (f) => {
    const tool = { ...resolveToolName("Read", "double"), input: { file_path: join(box.project, f) } };
    const rc = { canRoute: () => true, policy: () => createPolicy({}), readDeny: 16_384, baseDir: box.project, home: box.home };
    expect(decideRoute({ host: "claude-code", kind: "pre-tool", session: "s", cwd: box.project, tool }, rc).decision).toEqual({ action: "pass" });
  });

  test.each([...FILES, ...FOLDER_FILES])("reading %s puts a rule in play", (f) => {
    const use = { ...resolveToolName("Read", "double"), input: { file_path: join(box.project, f) }, output: "x", failed: false };
    expect(extractToolEvents(use, box.project).events).toContainEqual({ type: "rule", data: f });
  });

  test("each is searched as memory", () => {
    const places = memoryPlaces(box.project, hostPaths({}, box.home, box.dataDir)).map((p) => p.name);
    for (const f of FILES) expect(places).toContain(f);
    for (const f of FOLDER_FILES) expect(places).toContain(f.slice(0, f.lastIndexOf("/") + 1));
  });

  test("each is listed as a rule in play at session start", () => {
    const r = runHook(
      "claude-code",
      "SessionStart",
      JSON.stringify({ session_id: "s", cwd: box.project, hook_event_name: "SessionStart", source: "startup" }),
      hookEnv(box),
    );
    expect(r.code).toBe(0);
    const db = new Database(join(box.dataDir, "projects", resolveProject(box.project).key, "context.db"), { readonly: true });
    const rules = db
      .query<{ data: string }, []>("SELECT data FROM journal WHERE type = 'rule' ORDER BY seq")
      .all()
      .map((row) => row.data);
    db.close();
    expect(rules).toEqual([...FILES, ...FOLDER_FILES.map((f) => f.slice(0, f.lastIndexOf("/") + 1))]);
  });
});
