import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { EventType, JournalEvent } from "../../src/session/events.ts";
import { recordEvents, sessionRows } from "../../src/session/journal.ts";
import { buildStateBlock } from "../../src/session/state.ts";
import { openStore } from "../../src/store/db.ts";
import { tempDir } from "../helpers/temp.ts";

const dir = tempDir("ctxmode-state-");

describe("state block", () => {
  test("an over-full journal still fits 2,048 B, critical state first, long lines pointing at ctx_resume", () => {
    const db = openStore(join(dir, "full.db"), { busyTimeoutMs: 1000 });
    const events: JournalEvent[] = [];
    const add = (type: EventType, data: string, extra: Partial<JournalEvent> = {}) => events.push({ type, data, ...extra });
    for (let i = 0; i < 300; i++) add("file_read", `src/module${i}/index.ts`);
    for (let i = 0; i < 200; i++) add("search", `pattern${i}`);
    for (let i = 0; i < 100; i++) add("git", `git commit -m "change ${i}"`);
    for (let i = 0; i < 80; i++) add("file_edit", `src/feature${i}/handler.ts`);
    for (let i = 0; i < 40; i++) add("decision", `always use the v${i} API ${"and keep the old one working ".repeat(8)}`);
    for (let i = 0; i < 30; i++) add("task", `task number ${i}`, { key: `t${i}`, resolved: i % 3 === 0 });
    add("error", `npm test → FAIL src/auth.test.ts ${"expected 200 got 500 ".repeat(30)}`, { key: "npm test" });
    add("prompt", `make the login flow survive token expiry ${"with retries ".repeat(60)}`);
    recordEvents(db, "s", events, { cap: 1000, now: 5000 });
    const rows = sessionRows(db, "s");
    const block = buildStateBlock(rows, 2048);
    expect(Buffer.byteLength(block)).toBeLessThanOrEqual(2048);
    const lines = block.split("\n");
    expect(lines[0]).toBe("## Session state (saved by ctxmode before compaction)");
    expect(lines[1]).toMatch(/^Last request: make the login flow survive token expiry with retries .*… \[ctx_resume\(seq: \d+\)\]$/);
    expect(block).toMatch(/Open tasks: \(\+\d+ more\)\n- task number 1\n- task number 2\n- task number 4\n/);
    expect(block).not.toContain("- task number 0\n");
    expect(block).toMatch(/Files modified: src\/feature\d+\/handler\.ts, /);
    expect(block).toMatch(/Unresolved errors:\n- npm test → FAIL src\/auth\.test\.ts .*… \[ctx_resume\(seq: \d+\)\]/);
    expect(lines.at(-1)).toBe("Continue the last request; do not ask the user to repeat it. Full rows: ctx_resume(seq: N).");
    // same rows, same bytes
    expect(buildStateBlock(sessionRows(db, "s"), 2048)).toBe(block);
    db.close();
  });

  test("lower priorities appear while they fit, in a fixed order; an empty journal gives nothing", () => {
    const db = openStore(join(dir, "small.db"), { busyTimeoutMs: 1000 });
    recordEvents(
      db,
      "s",
      [
        { type: "prompt", data: "add dark mode" },
        { type: "file_edit", data: "src/theme.ts" },
        { type: "rule", data: "CLAUDE.md" },
        { type: "git", data: "git checkout -b dark-mode" },
        { type: "env", data: "npm install tailwindcss" },
        { type: "file_read", data: "src/app.tsx" },
        { type: "mcp", data: "ctx_search: theme tokens" },
        { type: "ref", data: "https://tailwindcss.com/docs/dark-mode" },
      ],
      { cap: 100, now: 1 },
    );
    expect(buildStateBlock(sessionRows(db, "s"), 2048)).toBe(
      [
        "## Session state (saved by ctxmode before compaction)",
        "Last request: add dark mode",
        "Files modified: src/theme.ts",
        "Rules files: CLAUDE.md",
        "Git: git checkout -b dark-mode",
        "Environment:",
        "- npm install tailwindcss",
        "Files read: src/app.tsx",
        "MCP tools: ctx_search: theme tokens",
        "References: https://tailwindcss.com/docs/dark-mode",
        "Continue the last request; do not ask the user to repeat it. Full rows: ctx_resume(seq: N).",
      ].join("\n"),
    );
    expect(buildStateBlock([], 2048)).toBe("");
    db.close();
  });
});
