import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { isIgnored, parseGitignore, type IgnoreRule } from "./gitignore.ts";

/** Folders never worth indexing, whatever .gitignore says. */
const ALWAYS_SKIP = new Set([".git", "node_modules", ".hg", ".svn"]);

export interface WalkOptions {
  /** Stop after this many files (a runaway walk of a home directory should not index it all). */
  maxFiles: number;
}

/**
 * Files under `root`, depth first in name order, honouring every .gitignore on the way
 * (and the repository's .git/info/exclude when `root` is a repository top-level).
 */
export function walkFiles(root: string, options: WalkOptions): string[] {
  const out: string[] = [];
  const visit = (dir: string, rules: IgnoreRule[]) => {
    const relDir = relative(root, dir).split(sep).join("/");
    let local = rules;
    for (const name of [".gitignore", relDir === "" ? join(".git", "info", "exclude") : ""]) {
      if (!name) continue;
      try {
        local = [...local, ...parseGitignore(readFileSync(join(dir, name), "utf8"), relDir)];
      } catch {
        // no ignore file here
      }
    }
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (out.length >= options.maxFiles) return;
      const full = join(dir, e.name);
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      // Symlinks are not followed: they could lead out of the tree or into a loop.
      if (e.isDirectory()) {
        if (!ALWAYS_SKIP.has(e.name) && !isIgnored(local, rel, true)) visit(full, local);
      } else if (e.isFile() && !isIgnored(local, rel, false)) {
        out.push(full);
      }
    }
  };
  visit(root, []);
  return out;
}

/** A file is binary when its first 8 KB hold a NUL byte or are not valid UTF-8. */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return true;
  try {
    // A multi-byte character cut at the 8 KB edge is fine; `stream` keeps it pending.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return false;
  } catch {
    return true;
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
