import { mkdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { hostRuntime } from "#process";
import { openDatabase, runtimeName } from "#sqlite";
import type { Database } from "../runtime/sqlite.types.ts";
import type { Config } from "../config/config.ts";
import { CHANNEL, VERSION } from "../config/constants.ts";
import { DEFAULT_RELEASE_URL, detectChannel } from "../config/release.ts";
import { isNewer } from "../config/semver.ts";
import { errorMessage } from "../errors.ts";

export type CheckStatus = "PASS" | "WARN" | "FAIL";

/** One doctor row. */
export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
  /** The exact command that fixes a WARN/FAIL. */
  fix?: string;
}

/** Reinstalling the release binary brings a SQLite with FTS5 and the trigram tokenizer on every OS but old macOS. */
const REINSTALL = `curl -fsSL ${DEFAULT_RELEASE_URL}/install.sh | sh`;

/**
 * Every doctor row, in order: install, runtime, SQLite, data dir, sandbox runtimes, policy files,
 * then the agent hosts (`agents` names them, else the ones setup registered). Details are masked:
 * a secret in a path or a config value never reaches the output.
 */
export async function runChecks(config: Config, agents?: string[]): Promise<Check[]> {
  const checks = [
    installCheck(),
    await latestCheck(config),
    runtimeCheck(),
    ...sqliteChecks(),
    dataDirCheck(config.dataDir),
    await projectDbCheck(config),
    await sandboxCheck(config),
    await policyCheck(config),
    ...(await agentChecks(config, agents)),
  ];
  const { redactSecrets } = await import("../store/redact.ts");
  return checks.map((c) => ({ ...c, detail: redactSecrets(c.detail) }));
}

function installCheck(): Check {
  let path = process.execPath;
  try {
    path = realpathSync(path);
  } catch {
    // Keep the path as given.
  }
  const how = basename(path).startsWith("ctxmode") ? `installed as ${detectChannel(path)}` : `Node build run by ${path}`;
  return { name: "install", status: "PASS", detail: `ctxmode ${VERSION} (${CHANNEL} build), ${how}${how.startsWith("installed") ? ` at ${path}` : ""}` };
}

/**
 * The one network call doctor makes: the release's VERSION file (a few bytes), given 3 s. Offline or
 * behind a firewall it is skipped, never a failure.
 */
async function latestCheck(config: Config): Promise<Check> {
  const url = `${config.releaseUrl}/VERSION`;
  let latest: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    if (!res.ok) return { name: "latest", status: "PASS", detail: `release check skipped: ${url} answered HTTP ${res.status}` };
    latest = (await res.text()).trim();
  } catch {
    return { name: "latest", status: "PASS", detail: `release check skipped: ${new URL(url).host} not reachable within 3 s (offline?)` };
  }
  if (!/^\d+\.\d+\.\d+/.test(latest)) return { name: "latest", status: "PASS", detail: `release check skipped: ${url} holds no version` };
  if (isNewer(latest, VERSION)) return { name: "latest", status: "WARN", detail: `ctxmode ${latest} is out (this is ${VERSION})`, fix: "ctxmode upgrade" };
  return { name: "latest", status: "PASS", detail: `ctxmode ${VERSION} is the latest release` };
}

/** The compiled binary runs on its own Bun; the npm fallback needs Node >= 22.13 (node:sqlite). */
function runtimeCheck(): Check {
  if (hostRuntime.name === "bun")
    return { name: "runtime", status: "PASS", detail: `compiled binary (Bun ${hostRuntime.version}, ${process.platform}-${process.arch})` };
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  const ok = major > 22 || (major === 22 && minor >= 13);
  return ok
    ? { name: "runtime", status: "PASS", detail: `Node fallback on Node ${process.versions.node}` }
    : { name: "runtime", status: "FAIL", detail: `Node ${process.versions.node} is too old for the Node fallback (needs >= 22.13)`, fix: REINSTALL };
}

/** The SQLite this runtime links, and whether it has FTS5 with the trigram tokenizer (the store needs both). */
function sqliteChecks(): Check[] {
  const fix = sqliteFix();
  let db: Database | undefined;
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

function sqliteFix(): string {
  const runtime: string = runtimeName;
  // The compiled binary on macOS links Apple's system SQLite; the trigram tokenizer needs SQLite >= 3.34 (macOS 12+).
  if (runtime === "bun" && process.platform === "darwin") return "softwareupdate --install --all  # macOS 12 or later ships SQLite >= 3.34";
  return REINSTALL;
}

/** Writes and deletes a file in the data dir: every index, journal and backup lives there. */
function dataDirCheck(dataDir: string): Check {
  const probeFile = join(dataDir, `.doctor-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probeFile, "ok");
    rmSync(probeFile, { force: true });
    return { name: "data-dir", status: "PASS", detail: `${dataDir} is writable` };
  } catch (err) {
    return {
      name: "data-dir",
      status: "FAIL",
      detail: `${dataDir} is not writable (${(err as NodeJS.ErrnoException).code ?? errorMessage(err)}): nothing can be indexed or journaled`,
      fix: `mkdir -p '${dataDir}' && chmod u+rwx '${dataDir}'  # or point CTXMODE_DATA_DIR at a writable folder`,
    };
  }
}

/**
 * The project database's size, WAL size and FTS5 segment counts (read from each index's structure
 * record: one row each, nothing scanned), and what waits in its indexing spool. A server keeps the
 * WAL under 16 MB and the segments near 24 between calls; far past that, something stopped it.
 */
async function projectDbCheck(config: Config): Promise<Check> {
  const [
    { projectDbPath, resolveProject },
    { storeHealth },
    { WAL_LIMIT_BYTES, SEGMENT_LIMIT },
    { spoolBacklog, spoolRoot },
    { formatBytes },
    { sourcesChunkedBefore },
  ] = await Promise.all([
    import("../store/project.ts"),
    import("../store/fts-health.ts"),
    import("../store/maintenance.ts"),
    import("../store/spool.ts"),
    import("../preview/clip.ts"),
    import("../store/index-source.ts"),
  ]);
  const path = projectDbPath(config.projectsDir, resolveProject(config.projectDir));
  let db: Database | undefined;
  try {
    db = openDatabase(path, { readonly: true, busyTimeoutMs: 1_000 });
  } catch {
    return { name: "project-db", status: "PASS", detail: `no index yet for ${config.projectDir}` };
  }
  try {
    const h = storeHealth(db, path);
    const spool = spoolBacklog(spoolRoot(path));
    const waiting = h.waitingBytes > 0 ? `, ${formatBytes(h.waitingBytes)} waiting for full-text rows` : "";
    const spooled = spool.files > 0 ? `, ${spool.files} spool file${spool.files === 1 ? "" : "s"} (${formatBytes(spool.bytes)}) waiting to be written` : "";
    const older = sourcesChunkedBefore(db);
    // Searched as they are; indexing the same text again chunks it the way this release does.
    const rechunk = older > 0 ? `, ${older} source${older === 1 ? "" : "s"} chunked by an older release (indexed again, they are chunked afresh)` : "";
    const detail = `${formatBytes(h.dbBytes)}, WAL ${formatBytes(h.walBytes)}, FTS segments ${h.segments.fts_words} words / ${h.segments.fts_grams} trigrams / ${h.segments.fts_titles} titles${waiting}${spooled}${rechunk} (${path})`;
    const off = h.walBytes > 4 * WAL_LIMIT_BYTES || Math.max(...Object.values(h.segments)) > 2 * SEGMENT_LIMIT;
    // A running server writes its spool within a second; files of a stopped one wait for the next search.
    if (!off && spool.orphaned > 0) {
      return {
        name: "project-db",
        status: "WARN",
        detail: `${detail}: ${spool.orphaned} of them left by a server that stopped; the next search writes them first`,
        fix: "ctxmode search anything  # writes them now",
      };
    }
    // A server writes them when idle and caps them at 8 MB; far more means none ran since (a killed one).
    if (!off && h.waitingBytes > 16 * 1024 * 1024) {
      return {
        name: "project-db",
        status: "WARN",
        detail: `${detail}: the next search writes them first, about a second per 8 MB`,
        fix: "ctxmode search anything  # writes them now; a running ctxmode serve does it between calls",
      };
    }
    if (!off) return { name: "project-db", status: "PASS", detail };
    return {
      name: "project-db",
      status: "WARN",
      detail: `${detail}: searches read every segment and the WAL`,
      fix: "ctxmode purge --source <label>  # drop sources you no longer need; a running ctxmode serve checkpoints and merges between calls",
    };
  } catch (err) {
    return {
      name: "project-db",
      status: "WARN",
      detail: `cannot read ${path}: ${errorMessage(err)}`,
      fix: "ctxmode doctor  # again once no process writes to it",
    };
  } finally {
    db.close();
  }
}

/** Which sandbox languages can run here; JavaScript and shell are the ones every script path needs. */
async function sandboxCheck(config: Config): Promise<Check> {
  const { availableLanguages } = await import("../sandbox/runtimes.ts");
  const { LANGUAGE_IDS } = await import("../sandbox/languages.ts");
  const found = availableLanguages(config.env);
  const missing = LANGUAGE_IDS.filter((id) => !found.includes(id));
  const detail = `${found.length} of ${LANGUAGE_IDS.length} languages: ${found.join(", ")}${missing.length ? ` (not found: ${missing.join(", ")})` : ""}`;
  if (!found.includes("shell"))
    return { name: "sandbox", status: "WARN", detail: `${detail}; ctx_batch and shell scripts need sh`, fix: "install a POSIX shell (sh) on PATH" };
  return { name: "sandbox", status: "PASS", detail };
}

/** The deny/allow rule files the sandbox and hooks read: each must parse, or its rules are skipped. */
async function policyCheck(config: Config): Promise<Check> {
  const { loadPolicy, policyFiles } = await import("../sandbox/policy.ts");
  const paths = { home: config.home, projectDir: config.projectDir, dataDir: config.dataDir };
  const policy = loadPolicy(paths);
  const files = policyFiles(paths);
  if (policy.warnings.length) {
    const file = policy.warnings[0]!.split(": ")[0];
    return { name: "policy", status: "WARN", detail: policy.warnings.join("; "), fix: `fix ${file}, then run ctxmode doctor again` };
  }
  return {
    name: "policy",
    status: "PASS",
    detail: `${policy.deny.length} deny and ${policy.allow.length} allow rules from ${files.length} settings files (missing ones skipped)`,
  };
}

/** Per-host rows (config, hook round trip, MCP handshake). Loaded only when there is a host to check. */
async function agentChecks(config: Config, names: string[] | undefined): Promise<Check[]> {
  const { HOSTS } = await import("../agents/hosts.ts");
  const { hostsToCheck } = await import("../agents/doctor.ts");
  const { hostPaths } = await import("../config/host-paths.ts");
  const paths = hostPaths(config.env, config.home, config.dataDir);
  const hosts = hostsToCheck(HOSTS, config.dataDir, names, paths);
  if (hosts.length === 0) return [];
  // The host checks run the installed binary by its stable path; the Node fallback only reports that.
  if (hostRuntime.name === "node")
    return [{ name: "agents", status: "WARN", detail: "host checks run only in the compiled binary", fix: "ctxmode doctor  # with the installed binary" }];
  const { stableBinary } = await import("../agents/binary.ts");
  const { hostChecks } = await import("../agents/doctor.ts");
  const ctx = { paths, binary: stableBinary() };
  return hostChecks(hosts, ctx, { ...config.env, CTXMODE_DATA_DIR: config.dataDir });
}
