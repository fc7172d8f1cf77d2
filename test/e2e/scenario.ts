import type { FakeModel, ToolStep } from "./fake-model/server.ts";

/** The scripted session every host runs: what the model calls, in order, and what proves each step. */

/** ctx_execute code whose output differs from its text, so seeing the output proves it ran. */
export const MCP_CODE = "echo ctx-e2e-$((6*7))-marker";
export const MCP_OUTPUT = "ctx-e2e-42-marker";

/** A page the fake serves for the curl step; the model must never see its body. */
export const PAGE_PATH = "/page";
export const PAGE_BODY = "e2e-page-body: the flux capacitor needs 1.21 gigawatts";

/**
 * 18,893 B of output: over the 4,096 B replacement trigger, under every host's own cap (Copilot CLI saves
 * output between 18.9 and 38 KB to a file itself and hands the model only a pointer).
 */
export const BIG_COMMAND = "seq 1 4000";
export const BIG_OUTPUT_BYTES = Buffer.byteLength(Array.from({ length: 4_000 }, (_, i) => `${i + 1}\n`).join(""));

export const FINAL_TEXT = "DONE: e2e session finished";

export type StepLabel = "mcp" | "curl" | "big";

/** A scripted step and what it is for. */
export interface LabeledStep {
  label: StepLabel;
  step: ToolStep;
}

/** How a host names its tools, for the script. */
export interface HostTools {
  /** The ctx_execute tool as the host offers it (`mcp__ctxmode__ctx_execute`, `mcp_ctxmode_ctx_execute`, …). */
  ctxExecute: { name: string; namespace?: string };
  /** The host's shell tool and how it takes a command. */
  shell: (command: string) => ToolStep;
}

/**
 * The steps: a ctx_* MCP call (left out while the host cannot offer ctx tools), a curl shell call (to be
 * redirected), a big-output shell call (to be replaced).
 */
export function sessionSteps(tools: HostTools, fake: { url: string }, withMcp = true): LabeledStep[] {
  return [
    ...(withMcp ? [{ label: "mcp" as const, step: { ...tools.ctxExecute, args: { language: "shell", code: MCP_CODE } } }] : []),
    { label: "curl", step: tools.shell(`curl -s ${fake.url}${PAGE_PATH}`) },
    { label: "big", step: tools.shell(BIG_COMMAND) },
  ];
}

/** The tool result the model saw for the step labelled `label`, from the first request that carried it. */
export function resultOf(fake: FakeModel, steps: LabeledStep[], label: StepLabel): string | undefined {
  const i = steps.findIndex((s) => s.label === label);
  if (i < 0) return undefined;
  return fake.conversation().find((r) => r.parsed.toolResults.length > i)?.parsed.toolResults[i];
}

/** Everything the model was told outside tool results (system, developer and user text), over the run. */
export function contextSeen(fake: FakeModel): string {
  return fake
    .conversation()
    .map((r) => r.parsed.context)
    .join("\n");
}

/** The request-level summary a failing assertion prints: what each request offered and carried. */
export function describeTraffic(fake: FakeModel): string {
  const lines = fake.requests.map((r, i) => {
    const offered = r.parsed.tools.filter((t) => /ctx/.test(t)).join(",") || `${r.parsed.tools.length} tools`;
    const reply = r.reply.kind === "tool" ? `call ${r.reply.step.name}` : `text ${JSON.stringify(r.reply.text)}`;
    return `#${i} ${r.api} ${r.path} offered[${offered}] results=${r.parsed.toolResults.length} -> ${reply}`;
  });
  if (fake.other.length) lines.push(`unmodelled: ${fake.other.join(", ")}`);
  return lines.join("\n");
}
