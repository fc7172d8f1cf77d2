import { existsSync, statSync } from "node:fs";
import type { Config } from "../config/config.ts";
import { VERSION } from "../config/constants.ts";
import { errorMessage } from "../errors.ts";
import { openStore } from "../store/db.ts";
import { projectDatabases, projectDbPath, resolveProject } from "../store/project.ts";
import { collectProject } from "./collect.ts";
import { buildReport } from "./merge.ts";
import { renderPage } from "./page.ts";
import { summarizeDiscover } from "./context-used.ts";
import type { DiscoverReport } from "../discover/types.ts";
import type { ProjectData, Report } from "./types.ts";

interface ReportOptions {
  /** Project directory (its git top-level is the project); ignored with `allProjects`. */
  projectDir: string;
  allProjects: boolean;
  /** Session whose journal to show; "" picks the project's most recent. */
  session: string;
  /** Databases that cannot be read are skipped with a note here (all-projects mode). */
  warn?: (line: string) => void;
  now?: number;
  /** `ctxmode discover`'s numbers for the "context actually used" section. */
  discover?: DiscoverReport;
}

/** The report's model and its HTML page, read from the project's database or every project's. */
export function makeReport(config: Config, options: ReportOptions): { report: Report; html: string } {
  const now = options.now ?? Date.now();
  let parts: ProjectData[];
  let title: string;
  if (options.allProjects) {
    title = "all projects";
    parts = [];
    for (const { dir, dbPath } of projectDatabases(config.projectsDir)) {
      try {
        parts.push(readProject(config, dbPath, dir, options.session));
      } catch (err) {
        options.warn?.(`skipped ${dbPath}: ${errorMessage(err)}`);
      }
    }
  } else {
    const project = resolveProject(options.projectDir);
    title = project.root;
    const dbPath = projectDbPath(config.projectsDir, project);
    parts = existsSync(dbPath) ? [readProject(config, dbPath, project.root, options.session)] : [];
  }
  const report = buildReport(parts, { title, allProjects: options.allProjects, version: VERSION, now });
  if (options.discover) report.contextUsed = summarizeDiscover(options.discover);
  return { report, html: renderPage(report) };
}

/** Opens one database read-only (no migration, no write lock) and reads it. */
function readProject(config: Config, dbPath: string, label: string, session: string): ProjectData {
  const db = openStore(dbPath, { busyTimeoutMs: config.budgets.dbTimeoutMs, readonly: true });
  try {
    return collectProject(db, label, { session, dbBytes: fileBytes(dbPath) + fileBytes(`${dbPath}-wal`) });
  } finally {
    db.close();
  }
}

function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
