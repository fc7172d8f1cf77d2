import { Database } from "bun:sqlite";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/temp.ts";

export const FIXTURES = join(repoRoot, "test", "discover", "fixtures");

/** Session ids of the fixture transcripts (from the real e2e runs they were trimmed from). */
export const FIXTURE_SESSIONS = {
  "claude-code": "dcb587d2-3928-40e1-8b01-6371947cdc1b",
  codex: "01a233ca-bfbc-7b22-bbfd-fe352cce5df2",
  "gemini-cli": "8ec4c6fa-a11b-4a24-af66-583236105514",
  "qwen-code": "cfc10d66-09c4-4ba8-acb0-09e652aef87a",
  "copilot-cli": "f75aed64-dc3f-4972-9efb-dfd257856975",
  opencode: "ses_dcc34d888ffeCpGMv5WZfZUg0H",
  pi: "01a233cb-4d3a-72f7-83fb-a6e401278181",
} as const;

/** Builds an OpenCode database from the fixture's rows (the columns discover reads). */
export function openCodeDb(path: string): void {
  const rows = JSON.parse(readFileSync(join(FIXTURES, "opencode.json"), "utf8"));
  const db = new Database(path, { create: true });
  db.run("CREATE TABLE session (id TEXT PRIMARY KEY, directory TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL)");
  db.run("CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, data TEXT NOT NULL)");
  db.run("CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, data TEXT NOT NULL)");
  for (const s of rows.session) db.run("INSERT INTO session VALUES (?, ?, ?, ?)", [s.id, s.directory, s.time_created, s.time_updated]);
  for (const m of rows.message) db.run("INSERT INTO message VALUES (?, ?, ?, ?)", [m.id, m.session_id, m.time_created, m.data]);
  for (const p of rows.part) db.run("INSERT INTO part VALUES (?, ?, ?, ?, ?)", [p.id, p.message_id, p.session_id, p.time_created, p.data]);
  db.close();
}

/** Lays the fixtures out under `home` where each host keeps its sessions. */
export function fixtureHome(home: string): void {
  const put = (name: string, ...to: string[]) => {
    const dir = join(home, ...to.slice(0, -1));
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, name), join(dir, to.at(-1)!));
  };
  const s = FIXTURE_SESSIONS;
  put("claude-code.jsonl", ".claude", "projects", "-home-user-proj", `${s["claude-code"]}.jsonl`);
  put("codex.jsonl", ".codex", "sessions", "2026", "12", "01", `rollout-2026-12-01T22-39-39-${s.codex}.jsonl`);
  put("gemini-cli.jsonl", ".gemini", "tmp", "proj", "chats", "session-2026-12-01T22-47-8ec4c6fa.jsonl");
  writeFileSync(join(home, ".gemini", "tmp", "proj", ".project_root"), "/home/user/proj");
  put("qwen-code.jsonl", ".qwen", "projects", "-home-user-proj", "chats", `${s["qwen-code"]}.jsonl`);
  put("copilot-cli.jsonl", ".copilot", "session-state", s["copilot-cli"], "events.jsonl");
  writeFileSync(join(home, ".copilot", "session-state", s["copilot-cli"], "workspace.yaml"), `id: ${s["copilot-cli"]}\ncwd: /home/user/proj\n`);
  put("pi.jsonl", ".pi", "agent", "sessions", "--home-user-proj--", `2026-12-01T22-40-15-444Z_${s.pi}.jsonl`);
  mkdirSync(join(home, ".local", "share", "opencode"), { recursive: true });
  openCodeDb(join(home, ".local", "share", "opencode", "opencode.db"));
}
