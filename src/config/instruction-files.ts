/**
 * The instruction files the agent hosts read from a project, relative to its top level. One list
 * for every part that cares: session start lists them as rules in play, a read of one is recorded
 * as a rule and never routed away from a whole read, and search indexes them as memory.
 */
export const INSTRUCTION_FILES: readonly string[] = ["CLAUDE.md", "AGENTS.md", "GEMINI.md", "QWEN.md", ".github/copilot-instructions.md", ".cursorrules"];

/** Folders whose every file is an instruction file: Cursor's rules, Kiro's steering. */
export const INSTRUCTION_DIRS: readonly string[] = [".cursor/rules", ".kiro/steering"];

const BASE_NAMES = new Set(INSTRUCTION_FILES.map((f) => f.slice(f.lastIndexOf("/") + 1).toLowerCase()));
const IN_DIR = INSTRUCTION_DIRS.map((d) => `/${d}/`);

/**
 * Whether `path` (absolute or relative, either separator) is an instruction file: by its base name,
 * so the user-level copies (`~/.claude/CLAUDE.md`, `~/.copilot/copilot-instructions.md`) count too,
 * or by lying in an instruction folder (`~/.kiro/steering/` included).
 */
export function isInstructionFile(path: string): boolean {
  const p = `/${path.replaceAll("\\", "/").toLowerCase()}`;
  return BASE_NAMES.has(p.slice(p.lastIndexOf("/") + 1)) || IN_DIR.some((d) => p.includes(d));
}
