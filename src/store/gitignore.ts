/**
 * .gitignore rules for a folder git does not manage (or when git is not installed), read with the
 * `ignore` package, which follows git's pattern rules (character classes, `**`, negation, escapes).
 * Each file's patterns are relative to its own folder; a deeper file's match wins over a shallower one.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ignore, { type Ignore } from "ignore";

export interface IgnoreFile {
  /** The folder the patterns are relative to. */
  base: string;
  rules: Ignore;
}

// Git matches case-insensitively where the file system usually is (its core.ignorecase default).
const IGNORE_CASE = process.platform === "win32" || process.platform === "darwin";

/** The rules of one ignore file, or undefined when it cannot be read. */
export function readIgnoreFile(path: string, base: string): IgnoreFile | undefined {
  try {
    return { base, rules: ignore({ ignorecase: IGNORE_CASE }).add(readFileSync(path, "utf8")) };
  } catch {
    return undefined;
  }
}

/**
 * The rules that reach into `dir` from above: from the first folder up that holds `.git` (its
 * `.git/info/exclude` first) or else the filesystem root, each `.gitignore` down to `dir`'s parent.
 */
export function inheritedRules(dir: string): IgnoreFile[] {
  const chain: string[] = [];
  let top = dir;
  for (let cur = dir; ; cur = dirname(cur)) {
    chain.unshift(cur);
    top = cur;
    if (existsSync(join(cur, ".git")) || dirname(cur) === cur) break;
  }
  const files: (IgnoreFile | undefined)[] = [];
  if (isDir(join(top, ".git"))) files.push(readIgnoreFile(join(top, ".git", "info", "exclude"), top));
  for (const folder of chain.slice(0, -1)) files.push(readIgnoreFile(join(folder, ".gitignore"), folder));
  return files.filter((f): f is IgnoreFile => f !== undefined);
}

/** True when the last file whose rules match `path` (absolute) ignores it. */
export function isIgnored(files: IgnoreFile[], path: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const f of files) {
    const rel = relative(f.base, path).split(sep).join("/");
    if (rel === "" || rel.startsWith("../")) continue;
    const r = f.rules.test(isDirectory ? `${rel}/` : rel);
    if (r.ignored) ignored = true;
    else if (r.unignored) ignored = false;
  }
  return ignored;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
