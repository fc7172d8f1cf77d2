/**
 * Lists a folder's files the way git sees them, so every ignore source applies exactly as git
 * applies it: the work tree's root and nested .gitignore files, .git/info/exclude and
 * core.excludesFile, even when the folder is a sub-folder of the repository.
 */
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * Tracked files plus untracked ones no ignore rule excludes, under `dir`, as paths joined to `dir`;
 * undefined when `dir` is not in a git work tree or git is not installed.
 */
export function gitFiles(dir: string): string[] | undefined {
  const top = git(dir, ["rev-parse", "--show-toplevel"])?.replace(/\r?\n$/, "");
  if (!top) return undefined;
  let rel: string;
  try {
    rel = relative(realpathSync(top), realpathSync(dir)).split(sep).join("/");
  } catch {
    return undefined;
  }
  if (rel.startsWith("..")) return undefined;
  // Run at the top-level so paths come out relative to it; `:(literal)` keeps a `*` in a folder name literal.
  const out = git(top, ["ls-files", "-co", "--exclude-standard", "-z", ...(rel ? ["--", `:(literal)${rel}`] : [])]);
  if (out === undefined) return undefined;
  const cut = rel ? rel.length + 1 : 0;
  return out
    .split("\0")
    .filter((p) => p && (!rel || p.startsWith(`${rel}/`)))
    .map((p) => join(dir, p.slice(cut)));
}

function git(cwd: string, args: string[]): string | undefined {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] });
  return r.status === 0 ? r.stdout : undefined;
}
