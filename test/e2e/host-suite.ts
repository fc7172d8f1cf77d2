import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { startFakeModel, type FakeModel } from "./fake-model/server.ts";
import { dataFiles, freshSessionGuidance, hookErrors, readJournal, unescapeHtml } from "./hook-evidence.ts";
import { describeRun, hostEnv, hooksMissing, type HostRun, type HostSandbox, makeSandbox, runHost } from "./host-run.ts";
import { HOSTS, hostCommand, type HostId } from "./hosts.ts";
import { SKILLS } from "../../src/agents/skills.ts";
import { binary } from "../helpers/cli.ts";
import { mismatches, receivedByTool } from "../discover/ground-truth.ts";
import { instructionSection } from "../../src/hooks/instructions.ts";
import {
  BIG_OUTPUT_BYTES,
  contextSeen,
  describeTraffic,
  FINAL_TEXT,
  type HostTools,
  type LabeledStep,
  MCP_OUTPUT,
  PAGE_BODY,
  PAGE_PATH,
  resultOf,
  sessionSteps,
} from "./scenario.ts";

/** One host's e2e definition: how ctxmode is registered, how the host runs offline, what it can do. */
export interface HostE2E {
  id: HostId;
  title: string;
  tools: HostTools;
  /** Writes the host's own config for the fake model, then registers ctxmode through `ctxmode setup`. */
  register(box: HostSandbox, fake: FakeModel): void | Promise<void>;
  /** Host arguments for a non-interactive run of `prompt`. */
  args(prompt: string, box: HostSandbox): string[];
  /** Variables that point the host at the fake and keep it offline. */
  env(box: HostSandbox, fake: FakeModel): Record<string, string>;
  /** Why ctx tools cannot be offered to the model yet (Pi: no MCP, they come from ctxmode's extension). */
  ctxToolsMissing?: () => string | undefined;
  /** Why hooks cannot be registered yet; defaults to probing `ctxmode hook` (plugin hosts check their module). */
  hooksMissing?: () => string | undefined;
  /** Behaviours the host (or this install route) does not offer, each with the reason (those tests are skipped by name). */
  cannot?: { replaceOutput?: string; sessionStart?: string; instructions?: string; skills?: string };
  /** How ctxmode got in, for the suite's name: `setup` (default) or the host's own plugin manager. */
  route?: string;
  timeoutMs?: number;
}

const PROMPT = "Run the scripted e2e steps.";

/** Each skill's frontmatter name and description, as setup installs them from skills/. */
const SKILL_LINES: [string, string][] = Object.values(SKILLS).map((text) => [
  text.match(/^name: (.+)$/m)![1]!.trim(),
  text.match(/^description: (.+)$/m)![1]!.trim(),
]);

/** The e2e tests of one host: one scripted session, then an assertion per behaviour. */
export function describeHost(def: HostE2E): void {
  const pinned = HOSTS[def.id];
  const cmd = hostCommand(def.id);
  const hooksWhy = (def.hooksMissing ?? hooksMissing)();
  const ctxWhy = def.ctxToolsMissing?.();
  const timeoutMs = def.timeoutMs ?? 90_000;

  describe(`${def.title} ${pinned.version} (real binary, fake model${def.route ? `, ${def.route}` : ""})`, () => {
    if (typeof cmd === "string") {
      test.skip(`runs offline against the fake model (skipped: ${cmd})`, () => {});
      return;
    }
    let fake: FakeModel;
    let box: HostSandbox;
    let run: HostRun;
    let steps: LabeledStep[];
    const why = () => `${describeRun(run)}\n--- model traffic\n${describeTraffic(fake)}`;

    beforeAll(async () => {
      fake = startFakeModel({ steps: [], finalText: FINAL_TEXT }, { [PAGE_PATH]: PAGE_BODY });
      steps = sessionSteps(def.tools, fake, ctxWhy === undefined);
      fake.setScript({ steps: steps.map((s) => s.step), finalText: FINAL_TEXT });
      box = makeSandbox(def.id);
      await def.register(box, fake);
      run = await runHost(cmd, def.args(PROMPT, box), { cwd: box.project, env: hostEnv(box, cmd, def.env(box, fake)), timeoutMs });
    }, timeoutMs + 30_000);
    afterAll(() => {
      // E2E_TRACE=1 prints each host's model traffic, to see what a passing run did.
      if (process.env.E2E_TRACE && run) {
        const results = steps.map((s) => `[${s.label}] ${JSON.stringify((resultOf(fake, steps, s.label) ?? "").slice(0, 500))}`);
        console.log(`${def.title}: ${run.ms} ms\n${describeTraffic(fake)}\n${results.join("\n")}`);
      }
      fake?.stop();
      // E2E_KEEP=1 keeps the temp HOME (the hosts' own transcripts are in it) and prints where.
      if (box && process.env.E2E_KEEP) console.log(`${def.title}: kept ${box.root}`);
      else if (box) rmSync(box.root, { recursive: true, force: true });
    });

    const skillsTest = def.cannot?.skills ? test.skip : test;
    skillsTest(
      `the skills setup installed are offered to the model (name and description)${def.cannot?.skills ? ` (skipped: ${def.cannot.skills})` : ""}`,
      () => {
        const traffic = fake.requests.map((r) => JSON.stringify(r.body)).join("\n");
        for (const [name, description] of SKILL_LINES) {
          // Hosts escape quotes their own way (JSON, HTML): the description's opening words are enough.
          const opening = description.split(/[^\w ,]/)[0]!;
          if (!traffic.includes(name) || !traffic.includes(opening)) {
            throw new Error(`skill ${name} never reached the model\n${why()}`);
          }
        }
      },
    );

    const instructionsTest = def.cannot?.instructions ? test.skip : test;
    instructionsTest(
      `the instruction file section (setup --instructions, or the extension's context file) reaches the model${def.cannot?.instructions ? ` (skipped: ${def.cannot.instructions})` : ""}`,
      () => {
        const heading = instructionSection()
          .split("\n")
          .find((l) => l.startsWith("## "))!;
        const traffic = fake.requests.map((r) => JSON.stringify(r.body)).join("\n");
        if (!traffic.includes(heading.slice(3))) throw new Error(`"${heading}" never reached the model\n${why()}`);
      },
    );

    test("finishes the scripted session offline", () => {
      const finished = fake.conversation().some((r) => r.parsed.toolResults.length >= steps.length);
      if (!finished || run.timedOut) throw new Error(`the model never got all ${steps.length} tool results\n${why()}`);
      expect(run.code).toBe(0);
    });

    const ctxName = [def.tools.ctxExecute.namespace, def.tools.ctxExecute.name].filter(Boolean).join(".");
    const ctxTest = ctxWhy ? test.skip : test;
    ctxTest(`a ctx_* MCP call reaches ctxmode and its result reaches the model (${ctxName})${ctxWhy ? ` (skipped: ${ctxWhy})` : ""}`, () => {
      const first = fake.conversation()[0]?.parsed;
      const { name, namespace } = def.tools.ctxExecute;
      // Offered in the tool list, or (Claude Code, Qwen Code) named as a deferred tool loaded on demand.
      const offered = first?.tools.includes(namespace ? `${namespace}.${name}` : name) || first?.context.includes(name);
      if (!offered) throw new Error(`${name} was not offered to the model; offered: ${first?.tools.join(", ")}\n${why()}`);
      const result = resultOf(fake, steps, "mcp");
      if (!result?.includes(MCP_OUTPUT)) throw new Error(`the model did not see ${MCP_OUTPUT}; it saw: ${result}\n${why()}`);
    });

    const hookTest = (name: string, fn: () => void, hostReason?: string) => {
      if (hostReason) test.skip(`${name} (skipped: ${hostReason})`, fn);
      else if (hooksWhy) test.skip(`${name} (skipped: ${hooksWhy})`, fn);
      else test(name, fn);
    };

    hookTest("hooks fire and parse the host's payloads: the prompt is journaled, no hook error is logged", () => {
      expect(hookErrors(box)).toEqual([]);
      const journal = readJournal(box);
      // The adapter named the session after this host and pulled the prompt out of the host's payload.
      const sessions = journal.sessions.filter((s) => s.host === def.id && s.session);
      const prompt = journal.rows.find((r) => r.type === "prompt" && r.data.includes(PROMPT) && sessions.some((s) => s.session === r.session));
      if (!prompt) {
        throw new Error(
          `no ${def.id} session with the prompt in the journal: ${JSON.stringify(journal).slice(0, 2000)}\ndata dir: ${dataFiles(box).join(", ")}\n${why()}`,
        );
      }
    });

    hookTest("a curl shell call is denied with a reason that names the ctx tool call to make, URL included", () => {
      const result = resultOf(fake, steps, "curl") ?? "";
      const redirected = !result.includes(PAGE_BODY) && /ctx_(execute|index|batch)/.test(result) && result.includes(`${fake.url}${PAGE_PATH}`);
      if (!redirected) throw new Error(`curl result was not redirected: ${result}\n${why()}`);
    });

    hookTest(
      "a big command output is replaced by its best chunks and a ctx_search pointer",
      () => {
        const result = resultOf(fake, steps, "big") ?? "";
        if (Buffer.byteLength(result) >= BIG_OUTPUT_BYTES / 2 || !result.includes("ctx_search")) {
          throw new Error(`big output was not replaced (${Buffer.byteLength(result)} of ${BIG_OUTPUT_BYTES} B seen): ${result.slice(0, 400)}\n${why()}`);
        }
      },
      def.cannot?.replaceOutput,
    );

    hookTest(
      "SessionStart injects the routing guidance",
      () => {
        const expected = freshSessionGuidance().split("\n")[0]!;
        const context = unescapeHtml(contextSeen(fake));
        if (!context.includes(expected)) throw new Error(`the model was never told "${expected}":\n${context.slice(0, 3000)}\n${why()}`);
      },
      def.cannot?.sessionStart,
    );

    // `ctxmode discover` on the live HOME: a host that changes its transcript format fails here.
    test("discover reads this session's transcript: tool-result bytes per tool equal what the model received (within 1%)", () => {
      const r = Bun.spawnSync([binary, "discover", "--json", "--host", def.id], {
        cwd: box.project,
        env: hostEnv(box, cmd, def.env(box, fake)),
        stdout: "pipe",
        stderr: "pipe",
        timeout: 30_000,
      });
      if (r.exitCode !== 0) throw new Error(`ctxmode discover failed (exit ${r.exitCode}): ${r.stderr}`);
      const session = JSON.parse(r.stdout.toString()).sessions.at(-1);
      if (!session) throw new Error(`discover found no ${def.id} session under ${box.home}: ${r.stdout.toString().slice(0, 2000)}`);
      const counted = new Map<string, number>(session.byTool.map((t: { tool: string; bytes: number }) => [t.tool, t.bytes]));
      const names = steps.map((s) => (s.step.namespace ? `${s.step.namespace}__${s.step.name}` : s.step.name));
      expect(mismatches(counted, receivedByTool(fake, names))).toEqual([]);
      expect(session.ctxmode).toBe(true);
    });
  });
}
