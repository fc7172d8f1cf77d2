import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { matchPathGlob } from "./glob.ts";
import type { CompiledRule, Policy } from "./rules.ts";

/** Outcome of checkPath: the resolved real path, or why access is refused. */
export type PathDecision =
  | { ok: true; real: string }
  | { ok: false; code: "OUTSIDE_PROJECT" | "POLICY_DENIED"; reason: string; real: string };

/**
 * Decides whether ctxmode may read `path` (relative paths are taken from `projectDir`).
 * Symlinks are resolved first (for a path that does not exist yet, its nearest existing parent).
 * A matching `Read(…)` deny rule refuses, even inside the project. Otherwise the real path must be
 * inside the real project dir, unless an allow rule with an absolute pattern (`/…`, `//…`, `~/…`)
 * matches the real path. Rules match a directory's contents too: `Read(/etc)` covers `/etc/passwd`.
 */
export function checkPath(policy: Policy, path: string, projectDir: string): PathDecision {
  const raw = isAbsolute(path) ? path : `${projectDir}${sep}${path}`;
  const real = realpathLoose(raw);
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
  const relativeForms = [within(real, realProject), within(lexical, resolve(projectDir))].filter(
    (r): r is string => r !== null && r !== "",
  );

  const reads = (rules: CompiledRule[]) => rules.filter((r) => r.tool === "Read");
  const denied = reads(policy.deny).find((rule) => readRuleMatches(rule, absolute, relativeForms));
  if (denied) {
    return { ok: false, code: "POLICY_DENIED", real, reason: `reading ${path} is denied by the rule ${denied.raw} (${denied.source})` };
  }
  if (inside) return { ok: true, real };
  const granted = reads(policy.allow).some((rule) => rule.anchor === "absolute" && readRuleMatches(rule, [fold(real)], []));
  if (granted) return { ok: true, real };
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
export function realpathLoose(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return resolve(path);
    return join(realpathLoose(parent), basename(path));
  }
}
