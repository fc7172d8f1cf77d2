import { expect, test } from "bun:test";
import { join } from "node:path";
import { runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";
import { FIXTURE_SESSIONS, fixtureHome } from "./fixture-home.ts";

const home = tempDir("ctxmode-discover-cli-");
fixtureHome(home);
const opts = {
  dataDir: join(home, ".ctxmode"),
  cwd: home,
  env: { HOME: home, XDG_DATA_HOME: join(home, ".local", "share"), XDG_CONFIG_HOME: join(home, ".config") },
};

test("text report: totals, a line per host and per session, bytes beside approximate tokens; nothing on stderr when piped", () => {
  const r = runCtx(["discover"], opts);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  expect(r.stdout).toMatch(/^7 session\(s\), [\d.]+ KB of transcripts read in \d+ ms$/m);
  expect(r.stdout).toMatch(/^tool results that reached the model: [\d.]+ KB \(≈[\d,]+ tokens\)$/m);
  for (const [host, session] of Object.entries(FIXTURE_SESSIONS)) expect(r.stdout).toContain(`${host} ${session} · /home/user/proj`);
});

test("--host and --since narrow the run; --limit bounds the sessions shown", () => {
  const r = JSON.parse(runCtx(["discover", "--json", "--host", "pi,codex", "--since", "30d"], opts).stdout);
  expect(r.sessions.map((s: { host: string }) => s.host).sort()).toEqual(["codex", "pi"]);
  const limited = runCtx(["discover", "--limit", "2"], opts).stdout;
  expect(limited).toContain("the last 2 of 7 sessions");
});

test("bad input is one line on stderr and a non-zero exit", () => {
  const host = runCtx(["discover", "--host", "emacs"], opts);
  expect(host.code).toBe(2);
  expect(host.stderr).toContain("unknown host emacs; discover reads claude-code, codex");
  const since = runCtx(["discover", "--since", "yesterday"], opts);
  expect(since.code).toBe(2);
  expect(since.stderr).toContain("--since takes a span like 7d");
});
