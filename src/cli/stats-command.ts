import { existsSync } from "node:fs";
import { loadConfig, type Config } from "../config/config.ts";
import { errorMessage } from "../errors.ts";
import { readStats, sumStats, summarizeStats, type StatsSummary, type ToolStat } from "../store/tool-stats.ts";
import { openStore } from "../store/db.ts";
import { projectDatabases, projectDbPath, resolveProject } from "../store/project.ts";
import { printJson } from "./context.ts";
import { formatBytes } from "../preview/clip.ts";
import { hostPaths } from "../config/host-paths.ts";
import { hostsWithTranscripts } from "../discover/sources.ts";
import { DISCOVER_HOSTS } from "../discover/types.ts";
import { isRegistered } from "../session/liveness.ts";

/**
 * `ctxmode stats [--session id] [--project dir] [--json]`: what ctxmode's own tools returned to the
 * context and what they kept out, for one session, this project and every project. Only calls
 * ctxmode saw are counted; nothing is extrapolated.
 */
export async function statsCommand(opts: { json?: boolean; project?: string; session?: string }): Promise<number> {
  const config = loadConfig();
  const session = opts.session ?? config.session;
  const project = resolveProject(opts.project ?? process.cwd());
  const projectDb = projectDbPath(config.projectsDir, project);
  const scopes: StatsSummary[] = [];
  if (session) scopes.push(summarizeStats(`session ${session}`, existsSync(projectDb) ? read(config, projectDb, session) : []));
  scopes.push(summarizeStats(`project ${project.root}`, existsSync(projectDb) ? read(config, projectDb) : []));
  scopes.push(summarizeStats("all projects", allProjects(config)));
  const transcript = session ? await fromTranscript(config, session) : undefined;
  if (opts.json) {
    printJson({ session: session || null, project: project.root, scopes, ...(session ? { transcript: transcript ?? null } : {}) });
    return 0;
  }
  const bars = process.stdout.isTTY === true;
  for (const s of scopes) process.stdout.write(render(s, bars) + "\n");
  if (transcript) {
    process.stdout.write(
      `session ${session} in the ${transcript.host} transcript: ${formatBytes(transcript.keptOut)} kept out, ${formatBytes(transcript.standing)} standing cost (tool list, guidance), net ${transcript.net < 0 ? "-" : ""}${formatBytes(Math.abs(transcript.net))}\n`,
    );
  }
  process.stdout.write(`${discoverPointer(config)}\n`);
  return 0;
}

/** The session as `ctxmode discover --session` sees it in its host's transcript: kept out, standing cost, net. */
async function fromTranscript(config: Config, session: string) {
  const { discover } = await import("../discover/discover.ts");
  const { ctxToolListBytes } = await import("./discover-command.ts");
  const found = discover(config, hostPaths(config.env, config.home, config.dataDir), { session, toolListBytes: await ctxToolListBytes(config) }).sessions.at(
    -1,
  );
  if (!found) return undefined;
  return { host: found.host, keptOut: found.keptOut, standing: found.standing.toolList + found.standing.guidance, net: found.net };
}

/**
 * These figures count only what ctxmode's tools and hooks touched; the hosts' own transcripts
 * show everything that reached the model. Names the hosts that keep transcripts here but that
 * ctxmode was never set up for (no file is read: only their session folders are listed).
 */
function discoverPointer(config: Config): string {
  const unset = hostsWithTranscripts(hostPaths(config.env, config.home, config.dataDir), DISCOVER_HOSTS).filter((h) => !isRegistered(config.dataDir, h));
  const all = "What reached the model in every session, net of ctxmode's standing cost: ctxmode discover";
  if (unset.length === 0) return all;
  return `${unset.join(", ")} keep${unset.length === 1 ? "s" : ""} session transcripts here without ctxmode set up: \`ctxmode discover\` shows what reached the model there and the calls ctxmode would have caught.\n${all}`;
}

function read(config: Config, dbPath: string, session?: string): ToolStat[] {
  const db = openStore(dbPath, { busyTimeoutMs: config.budgets.dbTimeoutMs, readonly: true });
  try {
    return readStats(db, session);
  } finally {
    db.close();
  }
}

/** Every project database under the data dir, summed per tool; an unreadable one is skipped with a note. */
function allProjects(config: Config): ToolStat[] {
  const rows: ToolStat[] = [];
  for (const { dbPath } of projectDatabases(config.projectsDir)) {
    try {
      rows.push(...read(config, dbPath));
    } catch (err) {
      process.stderr.write(`ctxmode: skipped ${dbPath}: ${errorMessage(err)}\n`);
    }
  }
  return sumStats(rows);
}

function render(s: StatsSummary, bars: boolean): string {
  const head = `${s.label}: ${s.keptOutPercent}% kept out (${formatBytes(s.keptOut)} ≈ ${s.tokensKeptOut.toLocaleString("en-US")} tokens; ${formatBytes(s.returned)} reached the context)`;
  if (s.tools.length === 0) return `${head}\n  no ctx calls yet\n`;
  const width = Math.max(...s.tools.map((t) => t.tool.length));
  const rows = s.tools.map((t) => {
    const total = t.returned + t.keptOut;
    const pct = total === 0 ? 0 : t.keptOut / total;
    const bar = bars ? `  ${"█".repeat(Math.round(pct * 20)).padEnd(20, "░")}` : "";
    return `  ${t.tool.padEnd(width)}  ${String(t.calls).padStart(5)} calls  ${formatBytes(t.returned).padStart(9)} returned  ${formatBytes(t.keptOut).padStart(9)} kept out${bar}`;
  });
  return [head, ...rows, ""].join("\n");
}
