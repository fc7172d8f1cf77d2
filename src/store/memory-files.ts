import { join, relative, sep } from "node:path";
import type { HostPaths } from "../config/host-paths.ts";
import { INSTRUCTION_DIRS, INSTRUCTION_FILES } from "../config/instruction-files.ts";

/** A place agent memory lives: one file, or every file of a rules folder (`.cursor/rules/*`). */
export interface MemoryPlace {
  path: string;
  /** Shown in hits and used in the label: `AGENTS.md`, `.cursor/rules/`, `~/.claude/CLAUDE.md`. */
  name: string;
  dir: boolean;
}

/** The label prefix that marks memory sources in the project database. */
export const MEMORY_PREFIX = "memory:";

/**
 * Where agent memory lives for this project: its instruction files and rule folders, then each
 * host's user-level file (a host that is not installed simply has none). Cursor keeps its user
 * rules in its settings database, so it has no user-level file here.
 */
export function memoryPlaces(worktree: string, paths: HostPaths): MemoryPlace[] {
  const places: MemoryPlace[] = [
    ...INSTRUCTION_FILES.map((f) => ({ path: join(worktree, ...f.split("/")), name: f, dir: false })),
    ...INSTRUCTION_DIRS.map((d) => ({ path: join(worktree, ...d.split("/")), name: `${d}/`, dir: true })),
  ];
  const user = (path: string, dir = false) => places.push({ path, name: homeName(path, paths.home) + (dir ? "/" : ""), dir });
  user(join(paths.claudeDir, "CLAUDE.md"));
  user(join(paths.codexHome, "AGENTS.md"));
  user(join(paths.geminiDir, "GEMINI.md"));
  user(join(paths.qwenDir, "QWEN.md"));
  user(join(paths.copilotDir, "copilot-instructions.md"));
  user(join(paths.opencodeDir, "AGENTS.md"));
  user(join(paths.zcodeDir, "AGENTS.md"));
  user(join(paths.kiroDir, "steering"), true);
  return places;
}

/** `~/.claude/CLAUDE.md` for a path under the home directory, else the path itself. */
function homeName(path: string, home: string): string {
  const rel = relative(home, path);
  return rel && !rel.startsWith("..") ? `~/${rel.split(sep).join("/")}` : path.split(sep).join("/");
}
