import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { commandForms } from "./command-forms.ts";
import { matchCommandGlob } from "./glob.ts";
import { createPolicy, matchesFlags, sortShortFlags, type CompiledRule, type Policy, type RuleList } from "./rules.ts";
import { parseCommand, type CommandSegment } from "./split-command.ts";

export { checkPath } from "./path-check.ts";
export { createPolicy, type Policy } from "./rules.ts";

/** The settings files read, least local first: user, project, project-local, then ctxmode's own. */
export function policyFiles(paths: { home: string; projectDir: string; dataDir: string }): string[] {
  return [
    join(paths.home, ".claude", "settings.json"),
    join(paths.projectDir, ".claude", "settings.json"),
    join(paths.projectDir, ".claude", "settings.local.json"),
    join(paths.dataDir, "policy.json"),
  ];
}

/**
 * What loadPolicy would read, in one string: each policy file's inode, size and change times, or
 * "-" when missing. Equal signatures mean the files were not touched, so a loaded policy still holds.
 */
export function policySignature(paths: { home: string; projectDir: string; dataDir: string }): string {
  return policyFiles(paths)
    .map((file) => {
      try {
        const st = statSync(file, { throwIfNoEntry: false });
        return st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : "-";
      } catch {
        // Unreadable the way loadPolicy skips it (a data dir under a regular file: ENOTDIR).
        return "-";
      }
    })
    .join("|");
}

/**
 * Reads deny/allow rules in the Claude Code settings format from every file of policyFiles.
 * A missing file is skipped silently; a malformed file or entry is skipped and reported in
 * `warnings`. Deny always beats allow, so the order of files does not change a decision.
 */
export function loadPolicy(paths: { home: string; projectDir: string; dataDir: string }, platform: NodeJS.Platform = process.platform): Policy {
  const warnings: string[] = [];
  const lists: RuleList[] = [];
  for (const file of policyFiles(paths)) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const list = parseSettings(file, text, warnings);
    if (list) lists.push(list);
  }
  return createPolicy(lists, { home: paths.home, platform, warnings });
}

function parseSettings(file: string, text: string, warnings: string[]): RuleList | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    warnings.push(`${file}: not valid JSON (${(err as Error).message}); its rules were skipped`);
    return null;
  }
  const permissions = isObject(data) ? data.permissions : undefined;
  if (permissions === undefined) return null;
  if (!isObject(permissions)) {
    warnings.push(`${file}: "permissions" is not an object; its rules were skipped`);
    return null;
  }
  const pick = (key: "deny" | "allow"): string[] => {
    const value = permissions[key];
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      warnings.push(`${file}: permissions.${key} is not an array; skipped`);
      return [];
    }
    return value.filter((rule, i) => {
      if (typeof rule === "string") return true;
      warnings.push(`${file}: permissions.${key}[${i}] is not a string; skipped`);
      return false;
    });
  };
  return { source: file, deny: pick("deny"), allow: pick("allow") };
}

/** Outcome of checkCommand; `rule` is the deciding rule and `segment` the deciding segment. */
interface CommandDecision {
  decision: "deny" | "allow" | "none";
  rule?: string;
  segment?: string;
}

/**
 * Checks a shell command against Bash rules, per segment (see parseCommand), including command
 * strings passed to `sh -c` and `eval`. Deny when ANY segment matches a deny rule; allow only when
 * EVERY segment matches an allow rule; otherwise "none" (no opinion). Deny beats allow.
 */
export function checkCommand(policy: Policy, command: string): CommandDecision {
  const deny = policy.deny.filter((r) => r.tool === "Bash");
  const allow = policy.allow.filter((r) => r.tool === "Bash");
  const segments = expandSegments(command);
  // Repeated segments (`a && a && a …`) are matched once.
  const firstMatch = (rules: CompiledRule[], cache: Map<string, CompiledRule | null>, form: string) => {
    const key = policy.caseInsensitive ? form.toLowerCase() : form;
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = rules.find((r) => bashRuleMatches(r, key)) ?? null;
      cache.set(key, hit);
    }
    return hit;
  };
  const denyCache = new Map<string, CompiledRule | null>();
  // Deny rules written with short flags also stop them in another order, split, or with more letters.
  const flagged = deny.filter((r) => r.flags);
  for (const { segment, forms } of segments) {
    for (const form of forms.deny) {
      const rule = firstMatch(deny, denyCache, form) ?? (flagged.length ? flagMatch(flagged, form, policy.caseInsensitive) : undefined);
      if (rule) return { decision: "deny", rule: rule.raw, segment: segment.text };
    }
  }
  if (segments.length === 0) return { decision: "none" };
  const allowCache = new Map<string, CompiledRule | null>();
  let firstRule: string | undefined;
  for (const { segment, forms } of segments) {
    if (forms.syntaxOnly) continue;
    let rule: CompiledRule | null = null;
    for (const form of forms.allow) rule ??= firstMatch(allow, allowCache, form);
    if (!rule) return { decision: "none", segment: segment.text };
    firstRule ??= rule.raw;
  }
  return firstRule ? { decision: "allow", rule: firstRule } : { decision: "none" };
}

function flagMatch(rules: CompiledRule[], form: string, caseInsensitive: boolean): CompiledRule | undefined {
  const sorted = sortShortFlags(caseInsensitive ? form.toLowerCase() : form);
  return rules.find((r) => matchesFlags(r.flags!, sorted));
}

function bashRuleMatches(rule: CompiledRule, form: string): boolean {
  if (!rule.commandGlobs) return true; // bare `Bash`
  return rule.commandGlobs.some((glob) => matchCommandGlob(glob, form));
}

/** Segments of a command plus those of nested `sh -c` / `eval` strings (three levels at most). */
function expandSegments(command: string) {
  const out: { segment: CommandSegment; forms: ReturnType<typeof commandForms> }[] = [];
  const seen = new Set<string>();
  let pending = [command];
  for (let depth = 0; depth < 4 && pending.length > 0; depth++) {
    const nextRound: string[] = [];
    for (const text of pending) {
      for (const segment of parseCommand(text)) {
        // A repeated segment (`ls && ls && …`) decides the same way every time: its forms are built once.
        if (seen.has(segment.text)) continue;
        seen.add(segment.text);
        const forms = commandForms(segment);
        out.push({ segment, forms });
        if (depth < 3) nextRound.push(...forms.nested);
      }
    }
    pending = nextRound;
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
