import { openDatabase, runtimeName } from "#sqlite";
import { CHANNEL, VERSION } from "../config/constants.ts";
import { errorMessage } from "../errors.ts";
import { printJson } from "./context.ts";

export type CheckStatus = "PASS" | "WARN" | "FAIL";

export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
  /** The exact command that fixes a WARN/FAIL. */
  fix?: string;
}

/** Reinstalling the release binary brings a SQLite with FTS5 and the trigram tokenizer on every OS but old macOS. */
const REINSTALL = "curl -fsSL https://github.com/ctxmode/ctxmode/releases/latest/download/install.sh | sh";

/** `ctxmode doctor [--agents a,b] [--json]`: one row per check; exit 1 when any check fails. */
export async function doctorCommand(opts: { json?: boolean; agents?: string }): Promise<number> {
  const checks = [...sqliteChecks(), ...(await agentChecks(opts.agents))];
  const ok = checks.every((c) => c.status !== "FAIL");
  if (opts.json) {
    printJson({ version: VERSION, channel: CHANNEL, runtime: runtimeName, platform: `${process.platform}-${process.arch}`, ok, checks });
  } else {
    const width = Math.max(12, ...checks.map((c) => c.name.length));
    for (const c of checks) {
      process.stdout.write(`${c.status.padEnd(4)}  ${c.name.padEnd(width)}  ${c.detail}\n`);
      if (c.fix) process.stdout.write(`      fix: ${c.fix}\n`);
    }
  }
  return ok ? 0 : 1;
}

/**
 * Per-host rows (config, hook round trip, MCP handshake) for the hosts named in `--agents`, else
 * those setup registered. Loaded only when there is a host to check.
 */
async function agentChecks(agents: string | undefined): Promise<Check[]> {
  const { loadConfig } = await import("../config/config.ts");
  const config = loadConfig();
  const { HOSTS } = await import("../agents/hosts.ts");
  const { hostsToCheck } = await import("../agents/doctor.ts");
  const names = agents ? String(agents).split(",").map((s) => s.trim()).filter(Boolean) : undefined;
  const hosts = hostsToCheck(HOSTS, config.dataDir, names);
  if (hosts.length === 0) return [];
  // The host checks run child processes through Bun's API; the Node fallback only reports that.
  if (typeof Bun === "undefined") return [{ name: "agents", status: "WARN", detail: "host checks run only in the compiled binary", fix: "ctxmode doctor  # with the installed binary" }];
  const { stableBinary } = await import("../agents/binary.ts");
  const { hostPaths } = await import("../agents/paths.ts");
  const { hostChecks } = await import("../agents/doctor.ts");
  const ctx = { paths: hostPaths(config.env, config.home, config.dataDir), binary: stableBinary() };
  return hostChecks(hosts, ctx, { ...config.env, CTXMODE_DATA_DIR: config.dataDir });
}

/** The SQLite this runtime links, and whether it has FTS5 with the trigram tokenizer (the store needs both). */
export function sqliteChecks(): Check[] {
  const fix = fixCommand();
  let db;
  try {
    db = openDatabase(":memory:", { busyTimeoutMs: 1_000 });
  } catch (err) {
    return [{ name: "sqlite", status: "FAIL", detail: `cannot open an in-memory database: ${errorMessage(err)}`, fix }];
  }
  try {
    const version = String(db.prepare<{ v: string }>("SELECT sqlite_version() AS v").get()?.v ?? "unknown");
    // Spelled from the runtime's name: the Node bundle must not contain a "bun:" specifier, even in text.
    const checks: Check[] = [{ name: "sqlite", status: "PASS", detail: `SQLite ${version} (${runtimeName}:sqlite)` }];
    checks.push(probe(db, "fts5", "CREATE VIRTUAL TABLE temp.doctor_fts USING fts5(x)", "FTS5 full-text search", fix));
    checks.push(
      probe(
        db,
        "fts5-trigram",
        "CREATE VIRTUAL TABLE temp.doctor_tri USING fts5(x, tokenize='trigram'); INSERT INTO temp.doctor_tri VALUES ('useEffect cleanup'); SELECT * FROM temp.doctor_tri WHERE x MATCH 'Effe'",
        "FTS5 trigram tokenizer (substring search)",
        fix,
      ),
    );
    return checks;
  } finally {
    db.close();
  }
}

function probe(db: { exec(sql: string): void }, name: string, sql: string, what: string, fix: string): Check {
  try {
    db.exec(sql);
    return { name, status: "PASS", detail: `${what} works` };
  } catch (err) {
    return { name, status: "FAIL", detail: `${what} is missing: ${errorMessage(err)}`, fix };
  }
}

function fixCommand(): string {
  const runtime: string = runtimeName;
  // The compiled binary on macOS links Apple's system SQLite; the trigram tokenizer needs SQLite >= 3.34 (macOS 12+).
  if (runtime === "bun" && process.platform === "darwin") return "softwareupdate --install --all  # macOS 12 or later ships SQLite >= 3.34";
  return REINSTALL;
}
