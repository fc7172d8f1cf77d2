import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { EVENT_PRIORITY, type EventType } from "../../src/session/events.ts";
import { latestSession, matchRows, pruneSessions, recordEvents, sessionRows } from "../../src/session/journal.ts";
import { openStore } from "../../src/store/db.ts";
import { tempDir } from "../helpers/temp.ts";

const dir = tempDir("ctxmode-journal-");
let n = 0;
const fresh = () => openStore(join(dir, `j${n++}.db`), { busyTimeoutMs: 1000 });

describe("session journal", () => {
  test("a repeated event bumps one row instead of adding rows; a task's status updates it", () => {
    const db = fresh();
    for (let i = 0; i < 5; i++) recordEvents(db, "s", [{ type: "file_read", data: "src/a.ts" }], { cap: 100, now: 1000 + i });
    recordEvents(db, "s", [{ type: "task", data: "ship it", key: "ship it", resolved: false }], { cap: 100, now: 2000 });
    recordEvents(db, "s", [{ type: "task", data: "ship it", key: "ship it", resolved: true }], { cap: 100, now: 2001 });
    const rows = sessionRows(db, "s");
    expect(rows.map((r) => [r.type, r.data, r.hits, r.resolved, r.at])).toEqual([
      ["file_read", "src/a.ts", 5, 0, 1004],
      ["task", "ship it", 2, 1, 2001],
    ]);
    db.close();
  });

  test("priorities are one table; a row's priority always comes from it", () => {
    const db = fresh();
    const types = Object.keys(EVENT_PRIORITY) as EventType[];
    recordEvents(
      db,
      "s",
      types.map((type) => ({ type, data: `${type} data` })),
      { cap: 1000 },
    );
    for (const r of sessionRows(db, "s")) expect([r.type, r.priority]).toEqual([r.type, EVENT_PRIORITY[r.type]]);
    // critical working state outranks history, history outranks noise
    expect(EVENT_PRIORITY.prompt).toBeGreaterThan(EVENT_PRIORITY.git);
    expect(EVENT_PRIORITY.error).toBeGreaterThan(EVENT_PRIORITY.file_read);
    expect(EVENT_PRIORITY.file_read).toBeGreaterThan(EVENT_PRIORITY.route);
    db.close();
  });

  test("over the cap, the lowest priority goes first (resolved before open, oldest first); critical rows survive", () => {
    const db = fresh();
    const cap = 20;
    recordEvents(
      db,
      "s",
      [
        { type: "error", data: "build broke", key: "make" },
        { type: "task", data: "open task", key: "t" },
        { type: "prompt", data: "the request" },
      ],
      { cap, now: 1 },
    );
    recordEvents(db, "s", [{ type: "task", data: "done task", key: "d", resolved: true }], { cap, now: 2 });
    for (let i = 0; i < 50; i++) recordEvents(db, "s", [{ type: i % 2 ? "search" : "route", data: `noise ${i}` }], { cap, now: 10 + i });
    for (let i = 0; i < 10; i++) recordEvents(db, "s", [{ type: "file_read", data: `f${i}.ts` }], { cap, now: 100 + i });
    const rows = sessionRows(db, "s");
    expect(rows.length).toBe(cap);
    const kinds = rows.map((r) => r.type);
    expect(kinds.filter((t) => t === "search" || t === "route").length).toBe(cap - 14);
    expect(rows.filter((r) => r.type === "file_read").length).toBe(10);
    expect(rows.map((r) => r.data)).toEqual(expect.arrayContaining(["build broke", "open task", "the request", "done task"]));
    // the noise kept is the newest
    expect(rows.filter((r) => r.type === "search" || r.type === "route").map((r) => r.data)).toEqual([
      "noise 44",
      "noise 45",
      "noise 46",
      "noise 47",
      "noise 48",
      "noise 49",
    ]);
    // with only critical rows left to evict, resolved ones go before open ones
    for (let i = 0; i < 30; i++) recordEvents(db, "s", [{ type: "decision", data: `decision ${i}` }], { cap, now: 1000 + i });
    const left = sessionRows(db, "s").map((r) => r.data);
    expect(left).not.toContain("done task");
    expect(left).not.toContain("noise 49");
    db.close();
  });

  test("errors resolve by key; secrets are redacted before they are stored", () => {
    const db = fresh();
    recordEvents(db, "s", [{ type: "error", data: "npm test → FAIL", key: "npm test" }], { cap: 100 });
    const resolved = recordEvents(db, "s", [], { cap: 100, resolve: [{ type: "error", key: "npm test" }] });
    expect(resolved).toBe(1);
    recordEvents(db, "s", [{ type: "env", data: "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789" }], { cap: 100 });
    const rows = sessionRows(db, "s");
    expect(rows[0]!.resolved).toBe(1);
    expect(rows[1]!.data).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
    db.close();
  });

  test("BM25 match over the journal, scoped to the session; latest session; pruning", () => {
    const db = fresh();
    recordEvents(
      db,
      "a",
      [
        { type: "file_edit", data: "src/auth/login.ts" },
        { type: "error", data: "login test failed: token expired", key: "t" },
        { type: "git", data: "git checkout -b feature" },
      ],
      { cap: 100, now: 10 },
    );
    recordEvents(db, "b", [{ type: "file_edit", data: "src/login.ts in another session" }], { cap: 100, now: 20 });
    const hits = matchRows(db, "a", "why does the login token expire?", 5);
    expect(hits.map((r) => r.data)).toEqual(["login test failed: token expired", "src/auth/login.ts"]);
    expect(matchRows(db, "a", "the and for", 5)).toEqual([]);
    expect(matchRows(db, "a", 'weird "quotes" AND OR NEAR(', 5)).toEqual([]);
    expect(latestSession(db)).toBe("b");
    expect(pruneSessions(db, 5, "b", 30)).toBe(1);
    expect(sessionRows(db, "a")).toEqual([]);
    expect(sessionRows(db, "b").length).toBe(1);
    db.close();
  });
});
