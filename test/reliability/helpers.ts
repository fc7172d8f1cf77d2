import { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { resolveProject } from "../../src/store/project.ts";

/** The project database the binary uses for `project` under `dataDir`. */
export function projectDbFile(dataDir: string, project: string): string {
  return join(dataDir, "projects", resolveProject(project).key, "context.db");
}

/** `PRAGMA integrity_check` of a database file, opened read-write as a new process would. */
export function integrity(path: string): string {
  const db = new Database(path);
  try {
    return (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

/** Value at the given quantile (0..1) of `values`. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Every live (non-zombie) process descended from `root`, found by walking /proc. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] === "Z") continue;
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) for (const child of children.get(queue.shift()!) ?? []) out.push(child), queue.push(child);
  return out;
}

/** Resident set size of a process in bytes (0 when it is gone). */
export function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Sources that are not whole: a label whose doc is missing or whose chunk rows do not add up to
 * the doc's count, or whose text lacks either of the two words `ends` names for it (given the
 * source's whole text, it returns its first and last word, or undefined to skip the check).
 * Also runs FTS5's own integrity check of both indexes against their content.
 */
export function brokenSources(db: Database, ends?: (text: string) => [string, string] | undefined): string[] {
  const broken: string[] = [];
  const rows = db
    .prepare(
      `SELECT s.label, s.doc_id, d.chunk_count, (SELECT count(*) FROM chunks c WHERE c.doc_id = s.doc_id) AS chunks
       FROM sources s LEFT JOIN docs d ON d.id = s.doc_id`,
    )
    .all() as { label: string; doc_id: number; chunk_count: number | null; chunks: number }[];
  const body = db.prepare("SELECT group_concat(body, char(10)) AS text FROM (SELECT body FROM chunks WHERE doc_id = ? ORDER BY seq)");
  for (const r of rows) {
    if (r.chunk_count === null) broken.push(`${r.label}: no doc`);
    else if (r.chunk_count !== r.chunks || r.chunks === 0) broken.push(`${r.label}: ${r.chunks} of ${r.chunk_count} chunks`);
    const text = (body.get(r.doc_id) as { text: string | null }).text ?? "";
    const words = ends?.(text);
    if (words && !(text.includes(words[0]) && text.includes(words[1]))) broken.push(`${r.label}: text cut short`);
  }
  for (const table of ["fts_words", "fts_grams"]) {
    try {
      db.exec(`INSERT INTO ${table}(${table}) VALUES ('integrity-check')`);
    } catch (err) {
      broken.push(`${table}: ${(err as Error).message}`);
    }
  }
  return broken;
}
