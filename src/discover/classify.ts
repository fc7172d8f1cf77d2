import type { Budgets } from "../config/constants.ts";
import { decideRoute } from "../hooks/decide.ts";
import { REPLACES } from "../hooks/hosts/index.ts";
import type { HookEvent } from "../hooks/types.ts";
import { findHost } from "../hosts/index.ts";
import { createPolicy } from "../sandbox/policy.ts";
import { commandOf, filePaths } from "../session/extract.ts";
import { redactSecrets } from "../store/redact.ts";
import { toolName } from "./tool-kind.ts";
import type { DiscoverHost, MissedCall, RecordedResult } from "./types.ts";

/** How one result reached the model, in ctxmode's terms. */
export type Verdict =
  | { kind: "ctx"; keptOut: number }
  | { kind: "denied" }
  | { kind: "replaced"; originalBytes: number }
  | { kind: "missed"; missed: MissedCall }
  | { kind: "plain" };

/** `[ctxmode] 18.4 KB, 4000 lines; indexed whole as "hook:…"`: the header of a replaced output. */
const REPLACED = /\[ctxmode\] (?:failed, )?([\d.]+ (?:B|KB|MB|GB|TB)), [\d,]+ lines; indexed whole as /;
/** The opening words of every deny reason in src/hooks/decide.ts. */
const DENIED =
  /(?:^|: )ctxmode: (?:this fetch would print|\S+ logs are long|[^\n]{1,400}? is [\d.]+ (?:B|KB|MB|GB|TB); reading it whole|this prints|fetch the page into the local index|blocked by your permission rule)/;
/** `… 1.2 MB output, 3.1 KB shown, 1.2 MB kept out …` / `… · 2.0 KB kept out`: a ctx tool's own figure. */
const KEPT_OUT = /([\d.]+ (?:B|KB|MB|GB|TB)) kept out/;
const EMPTY_POLICY = createPolicy([]);

/** Bytes from a `formatBytes` figure (`18.4 KB`); the figure is rounded, so this is within 0.3%. */
export function parseBytes(figure: string): number {
  const [n, unit] = figure.split(" ");
  const power = ["B", "KB", "MB", "GB", "TB"].indexOf(unit ?? "B");
  return Math.round(Number(n) * 1024 ** Math.max(0, power));
}

/** What ctxmode's ctx_execute reply to a routed call would be: the output up to OUTPUT_CAP, else its intent matches (a quarter of the cap). */
function sandboxReply(bytes: number, budgets: Budgets): number {
  return bytes <= budgets.outputCap ? bytes : Math.round(budgets.outputCap / 4) + 200;
}

/**
 * Judges one result by the rules the hooks apply: ctxmode's own tool, a hook's deny, a replaced
 * output, or a call that passed although routing (decideRoute, with the recorded result's size
 * standing for the file's) or replacement (over REPLACE_TRIGGER on a host that replaces) would
 * have kept most of it out. A routed call counts even when small: the hook denies it whatever
 * its size, and `wouldReturn` then shows that it would have cost more than it saved.
 */
export function classify(host: DiscoverHost, r: RecordedResult, bytes: number, ctx: { cwd: string; home: string; budgets: Budgets }): Verdict {
  const name = toolName(host, r.tool);
  const head = r.text.slice(0, 600);
  if (name.own) {
    const m = KEPT_OUT.exec(r.text.slice(0, r.text.indexOf("\n") < 0 ? 400 : r.text.indexOf("\n")));
    return { kind: "ctx", keptOut: m ? parseBytes(m[1]!) : 0 };
  }
  const replaced = REPLACED.exec(head);
  if (replaced) return { kind: "replaced", originalBytes: parseBytes(replaced[1]!) };
  if (DENIED.test(head)) return { kind: "denied" };
  const tool = { ...name, input: r.input };
  const event: HookEvent = { host, kind: "pre-tool", session: "", cwd: ctx.cwd, tool };
  const route = decideRoute(event, {
    canRoute: () => true,
    policy: () => EMPTY_POLICY,
    readDeny: ctx.budgets.readDeny,
    baseDir: ctx.cwd || ctx.home,
    home: ctx.home,
    sizeOf: () => bytes,
  });
  const what = describe(r);
  if (route.kind && route.kind !== "rule" && route.decision.action === "deny") {
    const reason = route.decision.reason;
    const wouldReturn = Buffer.byteLength(reason) + sandboxReply(bytes, ctx.budgets);
    return { kind: "missed", missed: { tool: r.tool, kind: route.kind, what, bytes, wouldReturn, instead: clip(redactSecrets(reason), 300) } };
  }
  const replaces = findHost(host)?.hook.replaces ?? "none";
  const overTrigger = bytes > ctx.budgets.replaceTrigger && !(r.failed && bytes <= ctx.budgets.outputCap);
  if (overTrigger && REPLACES[replaces](tool)) {
    const budget = r.failed ? ctx.budgets.outputCap : ctx.budgets.replaceTrigger;
    return {
      kind: "missed",
      missed: {
        tool: r.tool,
        kind: "over-threshold",
        what,
        bytes,
        wouldReturn: budget,
        instead: `a preview and the best-matching parts within ${budget.toLocaleString("en-US")} B, the whole output indexed for ctx_search`,
      },
    };
  }
  return { kind: "plain" };
}

/** The command, path or URL of a call, redacted like the index and clipped to one short line. */
function describe(r: RecordedResult): string {
  const command = commandOf(r.input);
  const text = command || filePaths(r.input)[0] || (typeof r.input.url === "string" ? r.input.url : "") || JSON.stringify(r.input);
  return clip(redactSecrets(text).replace(/\s+/g, " "), 160);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
