import { loadConfig } from "../config/config.ts";
import { hostPaths } from "../config/host-paths.ts";
import { CtxError } from "../errors.ts";
import { discover } from "../discover/discover.ts";
import { formatDiscover } from "../discover/format.ts";
import { DISCOVER_HOSTS, type DiscoverHost } from "../discover/types.ts";
import { printJson } from "./context.ts";

interface DiscoverOpts {
  host?: string;
  project?: string;
  since?: string;
  session?: string;
  json?: boolean;
  limit?: number;
}

/**
 * `ctxmode discover [--host h] [--project DIR] [--since 7d] [--session ID] [--json]`: what really
 * reached the model, read from the hosts' own transcripts, against what ctxmode kept out.
 */
export async function discoverCommand(opts: DiscoverOpts): Promise<number> {
  const config = loadConfig();
  const hosts = opts.host ? hostList(opts.host) : undefined;
  const since = opts.since ? Date.now() - durationMs(opts.since) : undefined;
  const toolListBytes = await ctxToolListBytes(config);
  const tty = process.stderr.isTTY === true && !opts.json;
  let last = 0;
  const report = discover(config, hostPaths(config.env, config.home, config.dataDir), {
    hosts,
    project: opts.project,
    since,
    session: opts.session,
    toolListBytes,
    progress: tty
      ? (done, total) => {
          if (Date.now() - last < 100) return;
          last = Date.now();
          process.stderr.write(`\rreading transcripts: ${Math.round((100 * done) / Math.max(1, total))}%`);
        }
      : undefined,
  });
  if (tty) process.stderr.write("\r\x1b[K");
  if (opts.json) printJson(report);
  else process.stdout.write(formatDiscover(report, { limit: opts.limit === undefined ? undefined : Number(opts.limit) }));
  return 0;
}

function hostList(raw: string): DiscoverHost[] {
  const names = raw.split(",").map((h) => h.trim().toLowerCase());
  const bad = names.filter((h) => !(DISCOVER_HOSTS as readonly string[]).includes(h));
  if (bad.length) throw new CtxError("BAD_INPUT", `unknown host ${bad.join(", ")}; discover reads ${DISCOVER_HOSTS.join(", ")}`);
  return names as DiscoverHost[];
}

/** `7d`, `12h`, `30m`, `2w`: a span back from now. */
export function durationMs(raw: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([mhdw])$/i.exec(raw.trim());
  if (!m) throw new CtxError("BAD_INPUT", `--since takes a span like 7d, 12h, 30m or 2w, not ${JSON.stringify(raw)}`);
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[m[2]!.toLowerCase() as "m" | "h" | "d" | "w"];
  return Number(m[1]) * unit;
}

/** Bytes of ctxmode's tool list as its server offers it (tools/list). */
export async function ctxToolListBytes(config: ReturnType<typeof loadConfig>): Promise<number> {
  const { toolList } = await import("../mcp/tool-list.ts");
  return Buffer.byteLength(JSON.stringify(await toolList(config)));
}
