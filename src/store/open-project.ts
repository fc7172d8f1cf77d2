import type { Config } from "../config/config.ts";
import { openStore, type Database } from "./db.ts";
import { projectDbPath, resolveProject, type Project } from "./project.ts";

export interface ProjectStore {
  project: Project;
  dbPath: string;
  db: Database;
}

/** Opens the database of the project that contains `dir`. */
export function openProjectStore(config: Config, dir: string, options: { readonly?: boolean } = {}): ProjectStore {
  const project = resolveProject(dir);
  const dbPath = projectDbPath(config.projectsDir, project);
  const db = openStore(dbPath, { busyTimeoutMs: config.budgets.dbTimeoutMs, readonly: options.readonly });
  return { project, dbPath, db };
}
