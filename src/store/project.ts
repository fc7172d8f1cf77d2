import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { fnv1a64 } from "./fnv1a.ts";

/** Where a project's data lives: the git top-level (worktrees share their main repository's database). */
export interface Project {
  /** Main repository top-level, or the directory itself outside git. */
  root: string;
  /** Top-level of the worktree the directory is in (equals root outside a linked worktree). */
  worktree: string;
  /** `projects/<name>-<hash>` folder name. */
  key: string;
}

/**
 * Finds the project for a directory by walking up to the nearest `.git`, without spawning git
 * (hooks run this on every tool call). A `.git` file of a linked worktree points into the main
 * repository's `.git/worktrees/<name>`, so every worktree of one repository maps to one database.
 */
export function resolveProject(dir: string): Project {
  const start = resolve(dir);
  let cur = start;
  for (;;) {
    const dotGit = join(cur, ".git");
    if (existsSync(dotGit)) {
      const root = statSync(dotGit).isDirectory() ? cur : (mainRepoOf(dotGit) ?? cur);
      return { root, worktree: cur, key: projectKey(root) };
    }
    const parent = dirname(cur);
    if (parent === cur) return { root: start, worktree: start, key: projectKey(start) };
    cur = parent;
  }
}

/** Reads `gitdir: <path>` from a worktree's `.git` file and returns the main repository top-level. */
function mainRepoOf(dotGitFile: string): string | undefined {
  try {
    const text = readFileSync(dotGitFile, "utf8");
    const m = /^gitdir:\s*(.+)$/m.exec(text);
    if (!m) return undefined;
    const raw = m[1]!.trim();
    const gitdir = isAbsolute(raw) ? raw : resolve(dirname(dotGitFile), raw);
    // <main>/.git/worktrees/<name> -> <main>; a submodule's gitdir (<super>/.git/modules/x) is its own project.
    const marker = `${join(".git", "worktrees")}`;
    const at = gitdir.lastIndexOf(marker);
    if (at < 0) return dirname(dotGitFile);
    return gitdir.slice(0, at).replace(/[\\/]+$/, "") || undefined;
  } catch {
    return undefined;
  }
}

function projectKey(root: string): string {
  const name =
    basename(root)
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .slice(0, 40) || "root";
  // FNV-1a, not sha256: every hook resolves the project, and node:crypto costs a hook ~2.5 ms to load.
  const hash = fnv1a64(root).slice(0, 12);
  return `${name}-${hash}`;
}

/** Path of the project's database under the projects directory. */
export function projectDbPath(projectsDir: string, project: Project): string {
  return join(projectsDir, project.key, "context.db");
}

/**
 * Every project database under the projects directory, in folder-name order: `dir` is the
 * project's folder name (`<name>-<hash>`). `ctxmode stats` and `ctxmode report --all-projects` read these.
 */
export function projectDatabases(projectsDir: string): { dir: string; dbPath: string }[] {
  const dirs = existsSync(projectsDir) ? readdirSync(projectsDir).sort() : [];
  return dirs.map((dir) => ({ dir, dbPath: join(projectsDir, dir, "context.db") })).filter((p) => existsSync(p.dbPath));
}
