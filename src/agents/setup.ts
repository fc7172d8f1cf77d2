import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { applyEdit, removeEdit } from "./edit.ts";
import type { FileEdit, HostSpec, SetupContext } from "./hosts.ts";
import { JsoncSyntaxError } from "./jsonc.ts";
import { TomlShapeError } from "./toml-table.ts";

/** One file setup will change, with its text before (null: does not exist) and after. */
interface FileChange {
  edit: FileEdit;
  before: string | null;
  after: string;
}

interface HostPlan {
  host: HostSpec;
  changes: FileChange[];
  /** Why this host is left alone (a malformed config: path and line). */
  error?: string;
}

export interface HostResult {
  id: string;
  status: "configured" | "unchanged" | "removed" | "failed";
  detail: string;
}

/** Reads a file, or null when it (or a parent directory) does not exist. */
export function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw err;
  }
}

/** What setup would change for each host; a host whose config cannot be parsed gets an error and no changes. */
export function planSetup(hosts: HostSpec[], ctx: SetupContext): HostPlan[] {
  return hosts.map((host) => {
    const changes: FileChange[] = [];
    for (const edit of host.edits(ctx)) {
      const before = readOrNull(edit.file);
      try {
        const after = applyEdit(edit, before);
        if (after !== before) changes.push({ edit, before, after });
      } catch (err) {
        if (err instanceof JsoncSyntaxError || err instanceof TomlShapeError)
          return { host, changes: [], error: `${edit.file}: ${err.message}; fix or move the file, then run setup again` };
        return { host, changes: [], error: `${edit.file}: ${(err as Error).message}` };
      }
    }
    return { host, changes };
  });
}

/** The setup manifest: per file, the backup of the original and the hash of what setup wrote. */
type Manifest = Record<string, { host: string; backup: string | null; written: string; dirs?: string[] }>;
const manifestPath = (dataDir: string) => join(dataDir, "setup", "manifest.json");
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

function loadManifest(dataDir: string): Manifest {
  const text = readOrNull(manifestPath(dataDir));
  return text ? (JSON.parse(text) as Manifest) : {};
}

function saveManifest(dataDir: string, m: Manifest): void {
  writeAtomic(manifestPath(dataDir), JSON.stringify(m, null, 2) + "\n");
}

/** Temp file beside the target, then rename: a reader never sees half a config. */
export function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.ctxmode-${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** The folders writing `file` creates, deepest first (none when its folder exists). */
function missingDirs(file: string): string[] {
  const dirs: string[] = [];
  for (let dir = dirname(file); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) dirs.push(dir);
  return dirs;
}

/** Removes the folders setup made that are empty now, deepest first. */
function pruneDirs(dirs: string[]): void {
  for (const dir of [...new Set(dirs)].sort((a, b) => b.length - a.length)) {
    try {
      if (readdirSync(dir).length === 0) rmdirSync(dir);
    } catch {
      // Gone already, or holds something else now: left as is.
    }
  }
}

/** Puts a file back; one setup created goes, with the folders setup made for it once they are empty. */
function restore(file: string, before: string | null, madeDirs: string[] = []): void {
  if (before !== null) {
    writeAtomic(file, before);
    return;
  }
  rmSync(file, { force: true });
  pruneDirs(madeDirs);
  // A skill's own folder goes too when setup made it and nothing else is in it.
  try {
    if (basename(file) === "SKILL.md" && readdirSync(dirname(file)).length === 0) rmdirSync(dirname(file));
  } catch {
    // Not empty or already gone: left as is.
  }
}

interface ApplyOptions {
  dataDir: string;
  /** `<dataDir>/backups/<stamp>/`. */
  stamp: string;
  /** Checks the host after its files are written; returns why it does not work. */
  verify: (host: HostSpec) => string | undefined;
}

/**
 * Applies each host's changes as one unit: back up, write, re-read and re-parse, verify; on any
 * failure every file of that host goes back to its original bytes. Other hosts are unaffected.
 */
export function applySetup(plans: HostPlan[], opts: ApplyOptions): HostResult[] {
  const manifest = loadManifest(opts.dataDir);
  const results: HostResult[] = [];
  for (const plan of plans) {
    const id = plan.host.id;
    if (plan.error) {
      results.push({ id, status: "failed", detail: plan.error });
      continue;
    }
    const done: FileChange[] = [];
    const made = new Map<FileChange, string[]>();
    try {
      for (const [i, change] of plan.changes.entries()) {
        const backup = change.before === null ? null : join(opts.dataDir, "backups", opts.stamp, id, `${i}-${change.edit.file.split(/[\\/]/).pop()}`);
        if (backup) writeAtomic(backup, change.before!);
        made.set(change, missingDirs(change.edit.file));
        writeAtomic(change.edit.file, change.after);
        done.push(change);
        // Re-read and re-apply: the file parses, holds our change, and a rerun would change nothing.
        const reread = readOrNull(change.edit.file);
        if (reread !== change.after || applyEdit(change.edit, reread) !== reread) throw new Error(`${change.edit.file} did not read back as written`);
        const prior = manifest[change.edit.file];
        // The first backup is the user's original; a later rerun (binary moved) keeps pointing at it.
        const dirs = prior ? prior.dirs : made.get(change);
        manifest[change.edit.file] = { host: id, backup: prior ? prior.backup : backup, written: sha(change.after), ...(dirs?.length ? { dirs } : {}) };
      }
      const why = opts.verify(plan.host);
      if (why) throw new Error(why);
      mkdirSync(join(opts.dataDir, "registered"), { recursive: true });
      writeFileSync(join(opts.dataDir, "registered", id), "");
      results.push({
        id,
        status: plan.changes.length ? "configured" : "unchanged",
        detail: plan.changes.map((c) => c.edit.file).join(", ") || "already set up",
      });
    } catch (err) {
      for (const change of done.reverse()) restore(change.edit.file, change.before, made.get(change));
      for (const change of plan.changes) if (!done.includes(change)) delete manifest[change.edit.file];
      results.push({ id, status: "failed", detail: `${(err as Error).message}; every file of this host was restored` });
    }
  }
  saveManifest(opts.dataDir, manifest);
  return results;
}

/**
 * Takes ctxmode back out: a file unchanged since setup gets its original bytes back (or is deleted
 * if setup created it); a file edited since loses only ctxmode's entries.
 */
export function removeSetup(hosts: HostSpec[], ctx: SetupContext, opts: { dataDir: string; stamp: string; dryRun?: boolean }): HostResult[] {
  const manifest = loadManifest(opts.dataDir);
  const results: HostResult[] = [];
  for (const host of hosts) {
    const touched: string[] = [];
    const madeDirs: string[] = [];
    try {
      for (const [i, edit] of host.edits(ctx).entries()) {
        const now = readOrNull(edit.file);
        if (now === null) continue;
        const entry = manifest[edit.file];
        let next: string | null;
        if (entry && sha(now) === entry.written) next = entry.backup === null ? null : readFileSync(entry.backup, "utf8");
        else next = removeEdit(edit, now);
        if (next === now) continue;
        touched.push(edit.file);
        if (opts.dryRun) continue;
        writeAtomic(join(opts.dataDir, "backups", opts.stamp, host.id, `${i}-${edit.file.split(/[\\/]/).pop()}`), now);
        restore(edit.file, next);
        if (next === null) madeDirs.push(...(entry?.dirs ?? []));
        delete manifest[edit.file];
      }
      // After every file: a plugin folder empties only once all of its files are gone.
      pruneDirs(madeDirs);
      if (!opts.dryRun) rmSync(join(opts.dataDir, "registered", host.id), { force: true });
      results.push({ id: host.id, status: touched.length ? "removed" : "unchanged", detail: touched.join(", ") || "nothing of ctxmode's found" });
    } catch (err) {
      results.push({ id: host.id, status: "failed", detail: (err as Error).message });
    }
  }
  if (!opts.dryRun) saveManifest(opts.dataDir, manifest);
  return results;
}

/** Hosts found on this machine: a config dir exists or the binary is on PATH. */
export function detectHosts(hosts: HostSpec[], ctx: SetupContext, onPath: (cmd: string) => boolean): HostSpec[] {
  return hosts.filter((h) => h.dirs(ctx.paths).some((d) => existsSync(d)) || onPath(h.command));
}
