import { realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { matchPathGlob } from "./glob.ts";
import type { CompiledRule, Policy } from "./rules.ts";

/** Outcome of checkPath: the resolved real path, or why access is refused. */
type PathDecision = { ok: true; real: string } | { ok: false; code: "OUTSIDE_PROJECT" | "POLICY_DENIED"; reason: string; real: string };

/**
 * Decides whether ctxmode may read `path` (relative paths are taken from `projectDir`).
 * Symlinks are resolved first (for a path that does not exist yet, its nearest existing parent).
 * A matching `Read(…)` deny rule refuses, even inside the project. Otherwise the real path must be
 * inside the real project dir, unless an allow rule with an absolute pattern (`/…`, `//…`, `~/…`)
 * matches the real path. Rules match a directory's contents too: `Read(/etc)` covers `/etc/passwd`.
 * A path that cannot be resolved (a symlink loop) and a hard-linked file are refused the same way.
 */
export function checkPath(policy: Policy, path: string, projectDir: string): PathDecision {
  const raw = isAbsolute(path) ? path : `${projectDir}${sep}${path}`;
  let real: string;
  try {
    real = realpathLoose(raw);
  } catch (err) {
    // A symlink loop or an unreadable folder on the way: where it leads cannot be known.
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    return {
      ok: false,
      code: "OUTSIDE_PROJECT",
      real: resolve(raw),
      reason: `${path} cannot be resolved (${code}); pass a plain path inside ${realpathLoose(projectDir)}`,
    };
  }
  const lexical = resolve(raw);
  const realProject = realpathLoose(projectDir);
  const fold = (p: string) => {
    const slashed = sep === "\\" ? p.replaceAll("\\", "/") : p;
    return policy.caseInsensitive ? slashed.toLowerCase() : slashed;
  };
  const within = (child: string, parent: string) => {
    const rel = relative(parent, child);
    const outside = rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
    return outside ? null : fold(rel);
  };
  const inside = within(real, realProject) !== null;
  const absolute = [fold(real), fold(lexical)];
  const relativeForms = [within(real, realProject), within(lexical, resolve(projectDir))].filter((r): r is string => r !== null && r !== "");

  const reads = (rules: CompiledRule[]) => rules.filter((r) => r.tool === "Read");
  const denied = reads(policy.deny).find((rule) => readRuleMatches(rule, absolute, relativeForms));
  if (denied) {
    return { ok: false, code: "POLICY_DENIED", real, reason: `reading ${path} is denied by the rule ${denied.raw} (${denied.source})` };
  }
  const granted = () => reads(policy.allow).some((rule) => rule.anchor === "absolute" && readRuleMatches(rule, [fold(real)], []));
  if (inside) {
    // Another name of a hard-linked file may be outside the project (`ln ~/.aws/credentials x`):
    // only an allow rule for the path lets such a file through.
    const links = linkCount(real);
    if (links <= 1 || granted()) return { ok: true, real };
    return {
      ok: false,
      code: "OUTSIDE_PROJECT",
      real,
      reason: `${path} is a file with ${links} hard links, which may be names outside the project; copy it into the project or add a Read(${real}) allow rule`,
    };
  }
  if (granted()) return { ok: true, real };
  return {
    ok: false,
    code: "OUTSIDE_PROJECT",
    real,
    reason: `${path} resolves to ${real}, outside the project; pass a path under ${realProject} or add a Read(...) allow rule for it`,
  };
}

function readRuleMatches(rule: CompiledRule, absolute: string[], relativeForms: string[]): boolean {
  if (!rule.pathGlob) return true; // bare `Read`
  const glob = rule.pathGlob;
  const any = (paths: string[]) => paths.some((p) => selfAndParents(p).some((c) => matchPathGlob(glob, c)));
  switch (rule.anchor) {
    case "absolute":
      return any(absolute);
    case "anywhere":
      return any(absolute) || any(relativeForms);
    case "relative":
      return any(relativeForms);
    default:
      // A bare name (`.env`, `*.pem`) matches that name at any depth, like .gitignore.
      return [...absolute, ...relativeForms].some((p) => p.split("/").some((part) => part && matchPathGlob(glob, part)));
  }
}

/** Hard links of a regular file (1 for anything else, or a path that does not exist yet). */
function linkCount(path: string): number {
  try {
    const st = statSync(path);
    return st.isFile() ? st.nlink : 1;
  } catch {
    return 1;
  }
}

/** `/a/b/c` -> [`/a`, `/a/b`, `/a/b/c`]; `a/b` -> [`a`, `a/b`]. */
function selfAndParents(path: string): string[] {
  const out: string[] = [];
  for (let i = path.indexOf("/", 1); i > 0; i = path.indexOf("/", i + 1)) out.push(path.slice(0, i));
  out.push(path);
  return out;
}

/**
 * realpath that also works for paths that do not exist yet: the nearest existing ancestor is
 * resolved by the OS (so `..` after a symlink behaves as the kernel does) and the rest appended.
 */
function realpathLoose(path: string): string {
  try {
    return realpathSync.native(path);
  } catch (err) {
    // Only a missing tail is appended as written; a loop or a refusal is the caller's to report.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
    const parent = dirname(path);
    if (parent === path) return resolve(path);
    return join(realpathLoose(parent), basename(path));
  }
}
