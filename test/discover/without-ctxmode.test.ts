import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { startFakeModel, type FakeModel } from "../e2e/fake-model/server.ts";
import { describeRun, hostEnv, type HostRun, type HostSandbox, makeSandbox, runHost } from "../e2e/host-run.ts";
import { hostCommand, type HostCommand, type HostId } from "../e2e/hosts.ts";
import { BIG_OUTPUT_BYTES, FINAL_TEXT, type HostTools, PAGE_BODY, PAGE_PATH, sessionSteps } from "../e2e/scenario.ts";
import { mismatches, receivedByTool } from "./ground-truth.ts";

/**
 * A session on a host where ctxmode was never set up: the real host binary against the fake model,
 * then `ctxmode discover` on its HOME. The bytes it counts per tool must be what the model received,
 * and the curl and the big output must show as missed, with what ctxmode would have returned.
 */
interface Case {
  id: HostId;
  tools: HostTools;
  configure(box: HostSandbox, fake: FakeModel): void;
  args: string[];
  env(box: HostSandbox, fake: FakeModel): Record<string, string>;
}

const CASES: Case[] = [
  {
    id: "claude-code",
    tools: { ctxExecute: { name: "unused" }, shell: (command) => ({ name: "Bash", args: { command, description: "step" } }) },
    configure: () => {},
    args: ["-p", "Run the steps.", "--allowedTools", "Bash", "--output-format", "json"],
    env: (_box, fake) => ({
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: "fake-key",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
    }),
  },
  {
    id: "codex",
    tools: { ctxExecute: { name: "unused" }, shell: (command) => ({ name: "exec_command", args: { cmd: command } }) },
    configure(box, fake) {
      const dir = join(box.home, ".codex");
      mkdirSync(dir, { recursive: true });
      const toml = ['model = "gpt-fake"', 'model_provider = "fake"', "", "[model_providers.fake]", 'name = "fake"', `base_url = "${fake.url}/v1"`];
      writeFileSync(join(dir, "config.toml"), [...toml, 'wire_api = "responses"', 'env_key = "FAKE_API_KEY"', ""].join("\n"));
    },
    args: ["exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "Run the steps."],
    env: (box) => ({ CODEX_HOME: join(box.home, ".codex"), FAKE_API_KEY: "fake-key" }),
  },
];

for (const c of CASES) {
  const cmd = hostCommand(c.id);
  describe(`discover on a ${c.id} session without ctxmode (real binary, fake model)`, () => {
    if (typeof cmd === "string") {
      test.skip(`skipped: ${cmd}`, () => {});
      return;
    }
    let fake: FakeModel;
    let box: HostSandbox;
    let run: HostRun;
    let names: string[];
    beforeAll(async () => {
      fake = startFakeModel({ steps: [], finalText: FINAL_TEXT }, { [PAGE_PATH]: PAGE_BODY });
      const steps = sessionSteps(c.tools, fake, false);
      names = steps.map((s) => s.step.name);
      fake.setScript({ steps: steps.map((s) => s.step), finalText: FINAL_TEXT });
      box = makeSandbox(`discover-${c.id}`);
      c.configure(box, fake);
      run = await runHost(cmd as HostCommand, c.args, { cwd: box.project, env: hostEnv(box, cmd as HostCommand, c.env(box, fake)), timeoutMs: 90_000 });
    }, 120_000);
    afterAll(() => {
      fake?.stop();
      if (box) rmSync(box.root, { recursive: true, force: true });
    });

    test("bytes per tool equal what the model received; the curl and the big output are missed calls", () => {
      const r = Bun.spawnSync([binary, "discover", "--json", "--host", c.id], {
        cwd: box.project,
        env: hostEnv(box, cmd as HostCommand, {}),
        stdout: "pipe",
        stderr: "pipe",
      });
      expect(r.exitCode).toBe(0);
      const session = JSON.parse(r.stdout.toString()).sessions.at(-1);
      if (!session) throw new Error(`no session found\n${describeRun(run)}`);
      const counted = new Map<string, number>(session.byTool.map((t: { tool: string; bytes: number }) => [t.tool, t.bytes]));
      expect(mismatches(counted, receivedByTool(fake, names))).toEqual([]);
      expect(session.ctxmode).toBe(false);
      expect(session.keptOut).toBe(0);
      const kinds = session.missed.map((m: { kind: string }) => m.kind).sort();
      expect(kinds).toEqual(["http", "over-threshold"]);
      const http = session.missed.find((m: { kind: string }) => m.kind === "http");
      expect(http.what).toBe(`curl -s ${fake.url}${PAGE_PATH}`);
      expect(http.instead).toContain("ctx_execute(");
      const big = session.missed.find((m: { kind: string }) => m.kind === "over-threshold");
      // The host's own truncation comes first: Codex hands the model part of the output only.
      expect(big.bytes).toBeGreaterThan(4_096);
      expect(big.bytes).toBeLessThanOrEqual(BIG_OUTPUT_BYTES + 200);
      expect(big.wouldReturn).toBe(4_096);
    });
  });
}
