import { describe, expect, test } from "bun:test";
import { resolveToolName } from "../../src/hooks/tool-names.ts";
import { extractPromptEvents, extractToolEvents, isSyntheticPrompt } from "../../src/session/extract.ts";

const use = (name: string, input: Record<string, unknown>, output?: string, failed = false) => ({ ...resolveToolName(name, "double"), input, output, failed });

describe("journal extraction from tool calls", () => {
  const root = "/home/u/proj";
  test.each([
    ["Read", { file_path: "/home/u/proj/src/a.ts" }, "x", [{ type: "file_read", data: "src/a.ts" }]],
    [
      "Read",
      { file_path: "/home/u/proj/CLAUDE.md" },
      "x",
      [
        { type: "rule", data: "CLAUDE.md" },
        { type: "file_read", data: "CLAUDE.md" },
      ],
    ],
    ["read_file", { absolute_path: "/etc/hosts" }, "x", [{ type: "file_read", data: "/etc/hosts" }]],
    ["fs_read", { operations: [{ mode: "Line", path: "/home/u/proj/b.py" }] }, "x", [{ type: "file_read", data: "b.py" }]],
    ["Edit", { file_path: "/home/u/proj/src/a.ts", old_string: "a", new_string: "b" }, "ok", [{ type: "file_edit", data: "src/a.ts" }]],
    ["Write", { file_path: "/home/u/proj/new.md", content: "x" }, "ok", [{ type: "file_write", data: "new.md" }]],
    [
      "Write",
      { file_path: "/home/u/.claude/plans/p.md", content: "x" },
      "ok",
      [
        { type: "file_write", data: "/home/u/.claude/plans/p.md" },
        { type: "plan", data: "plan file: /home/u/.claude/plans/p.md" },
      ],
    ],
    [
      "apply_patch",
      { input: "*** Begin Patch\n*** Update File: src/x.rs\n@@\n*** Add File: src/y.rs\n+a\n*** End Patch" },
      "ok",
      [
        { type: "file_edit", data: "src/x.rs" },
        { type: "file_write", data: "src/y.rs" },
      ],
    ],
    ["Grep", { pattern: "TODO", path: "/home/u/proj/src" }, "…", [{ type: "search", data: "TODO in src" }]],
    ["Glob", { pattern: "**/*.ts" }, "…", [{ type: "search", data: "**/*.ts" }]],
    ["Bash", { command: "git commit -m 'fix auth'" }, "ok", [{ type: "git", data: "git commit -m 'fix auth'", key: "commit" }]],
    [
      "Bash",
      { command: "cd packages/api && npm install zod" },
      "ok",
      [
        { type: "env", data: "cd packages/api" },
        { type: "env", data: "npm install zod" },
      ],
    ],
    [
      "Bash",
      { command: "export API_TOKEN=abc123 && source .venv/bin/activate" },
      "ok",
      [
        { type: "env", data: "export API_TOKEN=***" },
        { type: "env", data: "source .venv/bin/activate" },
      ],
    ],
    ["WebFetch", { url: "https://docs.example.com/a", prompt: "x" }, "page", [{ type: "ref", data: "https://docs.example.com/a" }]],
    ["Skill", { skill: "pdf" }, "ok", [{ type: "skill", data: "pdf" }]],
    ["ExitPlanMode", { plan: "1. add tests\n2. fix" }, "approved", [{ type: "plan", data: "plan: 1. add tests 2. fix" }]],
    ["mcp__github__create_issue", { title: "Crash on start", body: "…" }, "ok", [{ type: "mcp", data: "github/create_issue: Crash on start" }]],
    ["AskUserQuestion", { questions: [{ question: "Which DB?" }] }, "Postgres", [{ type: "decision", data: "Q: Which DB? → A: Postgres" }]],
    [
      "Agent",
      { description: "find callers", prompt: "…", subagent_type: "Explore" },
      "found 3 in src/a.ts",
      [{ type: "finding", data: "Explore: find callers → found 3 in src/a.ts" }],
    ],
  ] as const)("%s %j", (name, input, output, events) => {
    expect(extractToolEvents(use(name, input as Record<string, unknown>, output), root).events).toEqual(events as never);
  });

  test("before a call runs only a subagent launch is recorded", () => {
    expect(extractToolEvents(use("Read", { file_path: "/x" }), root).events).toEqual([]);
    expect(extractToolEvents(use("Agent", { description: "audit deps", subagent_type: "general-purpose" }), root).events).toEqual([
      { type: "subagent", data: "launched general-purpose: audit deps" },
    ]);
  });

  test("a failed command is an error keyed by the command; its later success resolves it", () => {
    const failed = extractToolEvents(use("Bash", { command: "npm test" }, "PASS a\nFAIL src/auth.test.ts\nError: expected 200", true), root);
    expect(failed.events).toEqual([{ type: "error", data: "npm test → FAIL src/auth.test.ts | Error: expected 200", key: "npm test" }]);
    expect(extractToolEvents(use("Bash", { command: "npm  test" }, "ok"), root).resolve).toEqual([{ type: "error", key: "npm test" }]);
  });

  test("todo lists: each item a task, done ones resolved; TaskCreate/TaskUpdate by id", () => {
    const todos = extractToolEvents(
      use(
        "TodoWrite",
        {
          todos: [
            { content: "write tests", status: "in_progress" },
            { content: "ship", status: "completed" },
          ],
        },
        "ok",
      ),
      root,
    );
    expect(todos.events).toEqual([
      { type: "task", data: "write tests", key: "write tests", resolved: false },
      { type: "task", data: "ship", key: "ship", resolved: true },
    ]);
    const gemini = extractToolEvents(use("write_todos", { todos: [{ description: "refactor", status: "pending" }] }, "ok"), root);
    expect(gemini.events).toEqual([{ type: "task", data: "refactor", key: "refactor", resolved: false }]);
    const codexPlan = extractToolEvents(use("update_plan", { plan: [{ step: "migrate db", status: "completed" }] }, "ok"), root);
    expect(codexPlan.events).toEqual([{ type: "task", data: "migrate db", key: "migrate db", resolved: true }]);
    const created = extractToolEvents(use("TaskCreate", { subject: "fix login", description: "…" }, '{"task":{"id":"7","subject":"fix login"}}'), root);
    expect(created.events).toEqual([{ type: "task", data: "fix login", key: "7" }]);
    expect(extractToolEvents(use("TaskUpdate", { taskId: "7", status: "completed" }, "ok"), root).resolve).toContainEqual({ type: "task", key: "7" });
  });
});

describe("journal extraction from prompts", () => {
  test("the prompt, a decision or correction, URLs and issue refs", () => {
    expect(extractPromptEvents("don't use axios, use fetch instead; see #42 and https://x.dev/a.")).toEqual([
      { type: "prompt", data: "don't use axios, use fetch instead; see #42 and https://x.dev/a." },
      { type: "decision", data: "don't use axios, use fetch instead; see #42 and https://x.dev/a." },
      { type: "ref", data: "https://x.dev/a" },
      { type: "ref", data: "#42" },
    ]);
    expect(extractPromptEvents("add a login page")).toEqual([{ type: "prompt", data: "add a login page" }]);
  });

  test("host-injected prompts are not the user's", () => {
    expect(isSyntheticPrompt("<task-notification>done</task-notification>")).toBe(true);
    expect(isSyntheticPrompt("  <system-reminder>x")).toBe(true);
    expect(isSyntheticPrompt("fix <b>")).toBe(false);
  });
});
