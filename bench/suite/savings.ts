/**
 * Bytes kept out of the context, per category (case files in bench/scenarios/): a sandbox,
 * b retrieval, c batch, d externalize, f hook redirect, g scripted session. Every row runs RUNS
 * times per lane, lanes interleaved (A B A B), and keeps the median bytes returned.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claudePayload, type Lane } from "./lane.ts";
import { checkInput, type CaseInput } from "./project.ts";
import { median, keptOutPct } from "../stats.ts";

export const RUNS = 5;

export interface SavingsRow {
  category: string;
  id: string;
  rawBytes: number;
  /** Median bytes returned, per subject name. */
  returned: Record<string, number>;
  keptOutPct: Record<string, number>;
  /** Per subject, what happened on the first run (e.g. "denied", "replaced", "passed"). */
  note: Record<string, string>;
}

interface Measured {
  returned: number;
  note?: string;
}

export interface SavingsContext {
  repoRoot: string;
  scenarios: string;
  base: string;
  lanes: Lane[];
  log: (line: string) => void;
}

const load = <T>(ctx: SavingsContext, name: string): T => JSON.parse(readFileSync(join(ctx.scenarios, name), "utf8")) as T;

async function row(ctx: SavingsContext, category: string, id: string, rawBytes: number, run: (lane: Lane) => Promise<Measured>): Promise<SavingsRow> {
  const samples = new Map<string, number[]>();
  const note: Record<string, string> = {};
  for (let r = 0; r < RUNS; r++) {
    for (const lane of ctx.lanes) {
      const m = await run(lane);
      samples.set(lane.subject.name, [...(samples.get(lane.subject.name) ?? []), m.returned]);
      if (r === 0 && m.note) note[lane.subject.name] = m.note;
    }
  }
  const returned: Record<string, number> = {};
  const kept: Record<string, number> = {};
  for (const [name, xs] of samples) {
    returned[name] = median(xs);
    kept[name] = keptOutPct(rawBytes, returned[name]!);
  }
  ctx.log(
    `  ${category} ${id.padEnd(24)} raw ${String(rawBytes).padStart(7)} B  ${Object.entries(returned)
      .map(([n, b]) => `${n} ${b} B (${kept[n]}%)`)
      .join("  ")}`,
  );
  return { category, id, rawBytes, returned, keptOutPct: kept, note };
}

async function callOk(lane: Lane, call: { name: string; args: Record<string, unknown> }) {
  const r = await lane.session.call(call);
  if (r.isError) throw new Error(`${lane.subject.name} ${call.name} failed: ${r.text.slice(0, 300)}`);
  return r;
}

/** a. Thinking-in-Code scripts over each fixture. */
export async function sandboxRows(ctx: SavingsContext): Promise<SavingsRow[]> {
  const { scenarios } = load<{ scenarios: { fixture: string; language: string; code: string; input: CaseInput }[] }>(ctx, "sandbox.json");
  const rows: SavingsRow[] = [];
  for (const s of scenarios) {
    const raw = readFileSync(checkInput(ctx.repoRoot, s.input)).length;
    rows.push(
      await row(ctx, "sandbox", s.fixture, raw, async (lane) => ({
        returned: (await callOk(lane, lane.subject.executeFile(`fixtures/${s.fixture}`, s.language, s.code))).bytes,
      })),
    );
  }
  return rows;
}

/** b. ctx_index a file, then ctx_search the questions about it. */
export async function retrievalRows(ctx: SavingsContext): Promise<SavingsRow[]> {
  const { cases } = load<{ cases: { id: string; input: CaseInput; questions: string[] }[] }>(ctx, "retrieval.json");
  const rows: SavingsRow[] = [];
  for (const c of cases) {
    const raw = readFileSync(checkInput(ctx.repoRoot, c.input)).length;
    const file = `fixtures/${c.input.path.split("/").pop()}`;
    rows.push(
      await row(ctx, "retrieval", c.id, raw, async (lane) => {
        const indexed = await callOk(lane, lane.subject.indexPath(file));
        const found = await callOk(lane, lane.subject.search(c.questions));
        return { returned: indexed.bytes + found.bytes, note: `${lane.subject.parseHits(found.text).length} hits` };
      }),
    );
  }
  return rows;
}

/** c. ctx_batch with several commands and queries. */
export async function batchRows(ctx: SavingsContext, project: string): Promise<SavingsRow[]> {
  const spec = load<{ inputs: CaseInput[]; cases: { id: string; commands: { label: string; command: string }[]; queries: string[] }[] }>(ctx, "batch.json");
  for (const input of spec.inputs) checkInput(ctx.repoRoot, input);
  const rows: SavingsRow[] = [];
  for (const c of spec.cases) {
    // What a host's shell tool would have returned: each command's stdout and stderr.
    let raw = 0;
    for (const cmd of c.commands) {
      const r = Bun.spawnSync(["sh", "-c", cmd.command], { cwd: project, stdout: "pipe", stderr: "pipe" });
      raw += r.stdout.length + r.stderr.length;
    }
    rows.push(await row(ctx, "batch", c.id, raw, async (lane) => ({ returned: (await callOk(lane, lane.subject.batch(c.commands, c.queries))).bytes })));
  }
  return rows;
}

/** d. A host tool's big output through the PostToolUse hook (Claude Code's payload). */
export async function externalizeRows(ctx: SavingsContext): Promise<SavingsRow[]> {
  const { cases } = load<{ cases: { id: string; tool: string; input_args: Record<string, unknown>; output: CaseInput }[] }>(ctx, "externalize.json");
  const rows: SavingsRow[] = [];
  for (const c of cases) {
    const output = readFileSync(checkInput(ctx.repoRoot, c.output), "utf8");
    const raw = Buffer.byteLength(output);
    const response = c.tool === "Bash" ? { stdout: output, stderr: "", interrupted: false, isImage: false } : [{ type: "text", text: output }];
    rows.push(
      await row(ctx, "externalize", c.id, raw, async (lane) => {
        const payload = claudePayload(randomUUID(), lane.project, "PostToolUse", { tool_name: c.tool, tool_input: c.input_args, tool_response: response });
        const h = lane.hook("claude-code", "post", payload)!;
        if (h.replaced !== undefined) return { returned: Buffer.byteLength(h.replaced) + h.contextBytes, note: "replaced" };
        return { returned: raw + h.contextBytes, note: "passed" };
      }),
    );
  }
  return rows;
}

interface RedirectCase {
  id: string;
  tool: string;
  file?: CaseInput;
  command?: string;
  url?: string;
  prompt?: string;
  serve?: { path: string; type: string; body?: CaseInput; markdown?: CaseInput[] };
  question: string;
}

/** The raw bytes of a redirect case: the file, the served body, or the page's markdown source. */
export function redirectRaw(repoRoot: string, c: RedirectCase): number {
  if (c.file) return readFileSync(checkInput(repoRoot, c.file)).length;
  if (c.serve?.body) return readFileSync(checkInput(repoRoot, c.serve.body)).length;
  return (c.serve?.markdown ?? []).reduce((n, m) => n + readFileSync(checkInput(repoRoot, m)).length, 0);
}

/** f. A big Read, curl and WebFetch through the PreToolUse hook, and the follow-up the reply asks for. */
export async function redirectRows(ctx: SavingsContext): Promise<SavingsRow[]> {
  const { cases } = load<{ cases: RedirectCase[] }>(ctx, "redirect.json");
  const rows: SavingsRow[] = [];
  for (const c of cases) {
    const raw = redirectRaw(ctx.repoRoot, c);
    rows.push(
      await row(ctx, "redirect", c.id, raw, async (lane) => {
        const file = c.file ? join(lane.project, "fixtures", c.file.path.split("/").pop()!) : undefined;
        const url = (c.url ?? c.command ?? "").replace("{base}", ctx.base);
        const input = c.tool === "Read" ? { file_path: file } : c.tool === "Bash" ? { command: url, description: "fetch issues" } : { url, prompt: c.prompt };
        const h = lane.hook("claude-code", "pre", claudePayload(randomUUID(), lane.project, "PreToolUse", { tool_name: c.tool, tool_input: input }))!;
        if (!h.denied) return { returned: raw + h.contextBytes, note: "passed" };
        const target =
          c.tool === "Read"
            ? lane.subject.indexPath(`fixtures/${c.file!.path.split("/").pop()}`)
            : lane.subject.indexUrl(c.tool === "Bash" ? `${ctx.base}${c.serve!.path}` : url);
        const indexed = await callOk(lane, target);
        const found = await callOk(lane, lane.subject.search([c.question]));
        return { returned: h.contextBytes + indexed.bytes + found.bytes, note: "denied" };
      }),
    );
  }
  return rows;
}

interface SessionSpec {
  prompt: string;
  outputs: { script: string; command: string; output: CaseInput; intent: string }[];
  searches: string[];
}

export function sessionScripts(scenarios: string): { script: string; file: string }[] {
  const spec = JSON.parse(readFileSync(join(scenarios, "session.json"), "utf8")) as SessionSpec;
  return spec.outputs.map((o) => ({ script: o.script, file: o.output.path.split("/").pop()! }));
}

/** g. A scripted session end to end through Claude Code's hooks and the MCP server. */
export async function sessionRows(ctx: SavingsContext): Promise<SavingsRow[]> {
  const spec = load<SessionSpec>(ctx, "session.json");
  const outputs = spec.outputs.map((o) => readFileSync(checkInput(ctx.repoRoot, o.output), "utf8"));
  const raw = outputs.reduce((n, o) => n + Buffer.byteLength(o), 0);
  const row1 = await row(ctx, "session", "8 outputs, 3 searches, compaction", raw, async (lane) => {
    const sid = randomUUID();
    const p = (event: string, extra: Record<string, unknown> = {}) => claudePayload(sid, lane.project, event, extra);
    let returned = lane.session.toolsListBytes;
    let denied = 0;
    let replaced = 0;
    returned += lane.hook("claude-code", "start", p("SessionStart", { source: "startup" }))!.contextBytes;
    returned += lane.hook("claude-code", "prompt", p("UserPromptSubmit", { prompt: spec.prompt }))!.contextBytes;
    for (const [i, o] of spec.outputs.entries()) {
      const pre = lane.hook("claude-code", "pre", p("PreToolUse", { tool_name: "Bash", tool_input: { command: o.command } }))!;
      returned += pre.contextBytes;
      if (pre.denied) {
        denied++;
        returned += (await lane.session.call(lane.subject.execute("shell", o.command, o.intent))).bytes;
        continue;
      }
      const post = lane.hook(
        "claude-code",
        "post",
        p("PostToolUse", {
          tool_name: "Bash",
          tool_input: { command: o.command },
          tool_response: { stdout: outputs[i], stderr: "", interrupted: false, isImage: false },
        }),
      )!;
      if (post.replaced !== undefined) replaced++;
      returned += post.contextBytes + (post.replaced !== undefined ? Buffer.byteLength(post.replaced) : Buffer.byteLength(outputs[i]!));
    }
    for (const q of spec.searches) returned += (await lane.session.call(lane.subject.search([q]))).bytes;
    returned += lane.hook("claude-code", "compact", p("PreCompact", { trigger: "auto", custom_instructions: "" }))!.contextBytes;
    returned += lane.hook("claude-code", "start", p("SessionStart", { source: "compact" }))!.contextBytes;
    return { returned, note: `tools/list ${lane.session.toolsListBytes} B; ${denied} denied, ${replaced} replaced` };
  });
  return [row1];
}
