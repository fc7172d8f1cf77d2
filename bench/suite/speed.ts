/**
 * What each tool costs per call: hook wall time per host next to the runtime's bare start, MCP cold
 * start to tools/list, RSS after start, ctx_search p50/p95 over 8 files and over a 10 MB corpus,
 * ctx_index MB/s, tools/list bytes, SessionStart injection bytes, and search quality on qrels.
 * Process runs of the subjects are interleaved (A B A B) so load on the machine hits both alike.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { HOST_CASES } from "../../test/hooks/hosts-table.ts";
import { scoreQrels, type QrelQuery } from "../qrels.ts";
import { median, percentile, round2 } from "../stats.ts";
import { runHook } from "./hook-run.ts";
import { claudePayload, type Lane } from "./lane.ts";
import { McpSession } from "./mcp.ts";
import { CORPUS_DIR } from "./project.ts";

export const HOOK_RUNS = 20;
export const COLD_RUNS = 10;
const SEARCH_ROUNDS = 3;

export interface HookRow {
  host: string;
  /** Per subject: median ms, or null when it has no process hook for the host. */
  p50Ms: Record<string, number | null>;
  /** Per subject: the first reply denied the call (the full route + journal path ran). */
  denied: Record<string, boolean | null>;
}

/** PreToolUse on a curl call (denied and journaled) per host, median of HOOK_RUNS, plus each runtime's bare start. */
export function hookWall(lanes: Lane[], log: (s: string) => void): { floors: Record<string, number>; hosts: HookRow[] } {
  type Job = { key: string; lane: Lane; argv: string[]; stdin: unknown };
  const jobs: Job[] = [];
  for (const lane of lanes) jobs.push({ key: `floor|${lane.subject.name}`, lane, argv: lane.subject.floor, stdin: undefined });
  for (const h of HOST_CASES) {
    for (const lane of lanes) {
      const argv = lane.subject.hook(h.host, "pre", h.pre);
      if (argv)
        jobs.push({
          key: `${h.host}|${lane.subject.name}`,
          lane,
          argv,
          stdin: h.preShell(randomUUID(), lane.project, "curl -s https://api.example.com/items"),
        });
    }
  }
  const times = new Map<string, number[]>();
  const denied = new Map<string, boolean>();
  for (let round = -1; round < HOOK_RUNS; round++) {
    for (const job of jobs) {
      const r = runHook(job.argv, job.lane.env, job.stdin, job.lane.project);
      if (round === -1) denied.set(job.key, /deny|block|ctx_|context-mode/i.test(r.stdout) || r.exitCode === 2);
      else times.set(job.key, [...(times.get(job.key) ?? []), r.ms]);
    }
  }
  const floors: Record<string, number> = {};
  for (const lane of lanes) floors[lane.subject.name] = round2(median(times.get(`floor|${lane.subject.name}`)!));
  const hosts: HookRow[] = HOST_CASES.map((h) => {
    const p50Ms: Record<string, number | null> = {};
    const den: Record<string, boolean | null> = {};
    for (const lane of lanes) {
      const t = times.get(`${h.host}|${lane.subject.name}`);
      p50Ms[lane.subject.name] = t ? round2(median(t)) : null;
      den[lane.subject.name] = t ? denied.get(`${h.host}|${lane.subject.name}`)! : null;
    }
    log(
      `  hook ${h.host.padEnd(12)} ${Object.entries(p50Ms)
        .map(([n, v]) => `${n} ${v ?? "n/a"} ms`)
        .join("  ")}`,
    );
    return { host: h.host, p50Ms, denied: den };
  });
  return { floors, hosts };
}

/** Spawn -> initialize -> tools/list, COLD_RUNS per subject interleaved; RSS right after. */
export async function coldStart(lanes: Lane[]): Promise<Record<string, { p50Ms: number; rssBytes: number; toolsListBytes: number; tools: string[] }>> {
  const ms = new Map<string, number[]>();
  const rss = new Map<string, number[]>();
  const out: Record<string, { p50Ms: number; rssBytes: number; toolsListBytes: number; tools: string[] }> = {};
  for (let r = -1; r < COLD_RUNS; r++) {
    for (const lane of lanes) {
      const s = await McpSession.start(lane.subject, lane.env, lane.project);
      // Let the server finish what it does right after answering (timers, lazy loads) before reading RSS.
      await Bun.sleep(200);
      const mem = s.rssBytes();
      await s.close();
      if (r < 0) continue;
      const name = lane.subject.name;
      ms.set(name, [...(ms.get(name) ?? []), s.coldStartMs]);
      rss.set(name, [...(rss.get(name) ?? []), mem]);
      out[name] = { p50Ms: 0, rssBytes: 0, toolsListBytes: s.toolsListBytes, tools: s.toolNames };
    }
  }
  for (const name of Object.keys(out)) {
    out[name]!.p50Ms = round2(median(ms.get(name)!));
    out[name]!.rssBytes = median(rss.get(name)!);
  }
  return out;
}

/** Bytes a fresh session's SessionStart hook injects (Claude Code, source startup). */
export function sessionStartBytes(lane: Lane): number {
  const h = lane.hook("claude-code", "start", claudePayload(randomUUID(), lane.project, "SessionStart", { source: "startup" }));
  return h?.contextBytes ?? 0;
}

/** Per lane, ctx_search latencies of `queries`: one warm-up pass, then SEARCH_ROUNDS rounds, lanes taking turns each round. */
async function searchTimes(lanes: Lane[], queries: (lane: Lane) => string[]): Promise<Map<Lane, number[]>> {
  const times = new Map<Lane, number[]>(lanes.map((l) => [l, []]));
  for (const lane of lanes) for (const q of queries(lane)) await lane.session.call(lane.subject.search([q]));
  for (let r = 0; r < SEARCH_ROUNDS; r++) {
    for (const lane of lanes) for (const q of queries(lane)) times.get(lane)!.push((await lane.session.call(lane.subject.search([q]))).ms);
  }
  return times;
}

export interface KnowledgeBase {
  search8: { p50Ms: number; p95Ms: number; samples: number };
  qrels: { queries: number; hitAt1: number; hitAt3: number; mrr: number; misses: string[] };
  index10mb: { bytes: number; ms: number; mbPerS: number; msPerMB: number; reply: string };
  search10mb: { p50Ms: number; p95Ms: number; samples: number };
}

const latency = (t: number[]) => ({ p50Ms: round2(percentile(t, 50)), p95Ms: round2(percentile(t, 95)), samples: t.length });

/**
 * On fresh lanes: index 8 fixtures and time 20 qrels queries over them; index the other fixtures
 * and score all qrels queries (limit 5); index the 10 MB corpus directory in one ctx_index call
 * and time 20 corpus queries. Labels are the file names, as bench/qrels.json expects. Every step
 * runs on each lane in turn before the next step starts.
 */
export async function knowledgeBase(
  lanes: { lane: Lane; corpus: { bytes: number; queries: string[] } }[],
  fixtures: string[],
  qrelsPath: string,
): Promise<Record<string, KnowledgeBase>> {
  const { queries } = JSON.parse(readFileSync(qrelsPath, "utf8")) as { queries: QrelQuery[] };
  const sources = (q: QrelQuery) => q.relevant.map((r) => r.source ?? "");
  const first8 = [...new Set(queries.flatMap(sources))].filter((s) => fixtures.includes(s)).slice(0, 8);
  const over8 = queries
    .filter((q) => sources(q).every((s) => first8.includes(s)))
    .map((q) => q.query)
    .slice(0, 20);
  const all = lanes.map((l) => l.lane);
  const indexFiles = async (names: string[]) => {
    for (const lane of all) for (const name of names) await lane.session.call(lane.subject.indexPath(`fixtures/${name}`, name));
  };

  await indexFiles(first8);
  const t8 = await searchTimes(all, () => over8);

  await indexFiles(fixtures.filter((f) => !first8.includes(f)));
  const quality = new Map<Lane, ReturnType<typeof scoreQrels>>();
  for (const lane of all) {
    const results = [];
    for (const q of queries) results.push({ q, hits: lane.subject.parseHits((await lane.session.call(lane.subject.search([q.query], 5))).text) });
    quality.set(lane, scoreQrels(results));
  }

  const out: Record<string, KnowledgeBase> = {};
  const indexed = new Map<Lane, { ms: number; text: string }>();
  for (const lane of all) {
    const r = await lane.session.call(lane.subject.indexPath(CORPUS_DIR));
    if (r.isError) throw new Error(`${lane.subject.name} could not index the corpus: ${r.text.slice(0, 300)}`);
    indexed.set(lane, r);
  }
  const t10 = await searchTimes(all, (lane) => lanes.find((l) => l.lane === lane)!.corpus.queries);
  for (const { lane, corpus } of lanes) {
    const q = quality.get(lane)!;
    const { ms, text } = indexed.get(lane)!;
    const mb = corpus.bytes / 1024 / 1024;
    out[lane.subject.name] = {
      search8: latency(t8.get(lane)!),
      qrels: { queries: q.queries, hitAt1: round2(q.hitAt1), hitAt3: round2(q.hitAt3), mrr: round2(q.mrr), misses: q.misses },
      index10mb: {
        bytes: corpus.bytes,
        ms: round2(ms),
        mbPerS: round2(mb / (ms / 1000)),
        msPerMB: round2(ms / mb),
        reply: text.split("\n", 2).join(" ").slice(0, 200),
      },
      search10mb: latency(t10.get(lane)!),
    };
  }
  return out;
}
