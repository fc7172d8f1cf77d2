import { compileCommandGlob, compilePathGlob, matchCommandGlob, type CommandGlob, type PathGlob } from "./glob.ts";

/** One permission rule as written, e.g. `Bash(sudo *)` or `Read(/var/log/**)`, and where it came from. */
interface PermissionRule {
  raw: string;
  tool: string;
  /** The text between the parentheses; null for a bare tool name (which matches everything). */
  pattern: string | null;
  source: string;
}

/** Where a Read pattern is anchored: absolute, relative to the project, any depth, or a name. */
export type ReadAnchor = "absolute" | "relative" | "anywhere" | "name";

/** A rule with its matcher compiled once. */
export interface CompiledRule extends PermissionRule {
  commandGlobs?: CommandGlob[];
  /** Bash rules with short flags, as deny rules also match them (see flagMatcher). */
  flags?: FlagMatcher;
  pathGlob?: PathGlob;
  anchor?: ReadAnchor;
}

/** Deny and allow rules from every settings file, plus what could not be read. */
export interface Policy {
  deny: CompiledRule[];
  allow: CompiledRule[];
  /** One line per malformed file or rule that was skipped. */
  warnings: string[];
  /** Windows and macOS file systems compare names without case. */
  caseInsensitive: boolean;
}

/** Rules of one source, in the settings shape `permissions.deny` / `permissions.allow`. */
export interface RuleList {
  source?: string;
  deny?: string[];
  allow?: string[];
}

/** How patterns are compiled: home for `~/`, platform for case and separators, a shared warnings list. */
interface PolicyOptions {
  /** Expands `~/` in Read patterns; without it such patterns match nothing. */
  home?: string;
  platform?: NodeJS.Platform;
  warnings?: string[];
}

/** Builds a policy from rule lists (settings files already parsed, or rules given directly). */
export function createPolicy(lists: RuleList | RuleList[], options: PolicyOptions = {}): Policy {
  const platform = options.platform ?? process.platform;
  const policy: Policy = {
    deny: [],
    allow: [],
    warnings: options.warnings ?? [],
    caseInsensitive: platform === "win32" || platform === "darwin",
  };
  for (const list of Array.isArray(lists) ? lists : [lists]) {
    const source = list.source ?? "rules";
    for (const raw of list.deny ?? []) addRule(policy.deny, raw, source, policy, { ...options, platform });
    for (const raw of list.allow ?? []) addRule(policy.allow, raw, source, policy, { ...options, platform });
  }
  return policy;
}

function addRule(into: CompiledRule[], raw: string, source: string, policy: Policy, options: PolicyOptions): void {
  const text = raw.trim();
  const open = text.indexOf("(");
  if (open >= 0 && !text.endsWith(")")) {
    policy.warnings.push(`${source}: rule "${raw}" has no closing parenthesis; skipped`);
    return;
  }
  // The pattern runs to the LAST ')', so patterns may contain parentheses themselves.
  const tool = open >= 0 ? text.slice(0, open).trim() : text;
  const pattern = open >= 0 ? text.slice(open + 1, -1) : null;
  const rule: CompiledRule = { raw, tool, pattern, source };
  if (tool === "Bash" && pattern !== null) {
    rule.commandGlobs = compileBashPattern(pattern, policy.caseInsensitive);
    rule.flags = flagMatcher(pattern, policy.caseInsensitive);
  }
  if (tool === "Read" && pattern !== null) Object.assign(rule, compileReadPattern(pattern, options, policy.caseInsensitive));
  into.push(rule);
}

/**
 * Each run of short-flag words (`-r -f`, `-rf`, `-fr`) as one cluster of its letters, sorted and
 * without repeats (`-fr`), so a deny rule written `rm -rf *` also stops `rm -fr /` and `rm -r -f /`.
 * Long options, values and everything else stay as written. Linear in the text.
 */
export function sortShortFlags(text: string): string {
  const trimmed = text.trim();
  // The colon form `rm -rf:*` keeps its suffix.
  if (trimmed.endsWith(":*")) return `${sortShortFlags(trimmed.slice(0, -2))}:*`;
  const words = trimmed.split(/[ \t]+/);
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    if (!SHORT_FLAGS.test(words[i]!)) {
      out.push(words[i++]!);
      continue;
    }
    const letters = new Set<string>();
    for (; i < words.length && SHORT_FLAGS.test(words[i]!); i++) for (const c of words[i]!.slice(1)) letters.add(c);
    out.push(`-${[...letters].sort().join("")}`);
  }
  return out.join(" ");
}

/** `-rf`, `-v`: one dash, letters only. */
const SHORT_FLAGS = /^-[A-Za-z]+$/;

/**
 * How a deny rule with short flags matches beyond its spelling: a rule of literal words with an
 * optional trailing `*` / `:*` (`rm -rf *`, `git push -f:*`) matches a command whose words agree
 * one by one, where each flag cluster of the command holds at least the rule's letters (so
 * `rm -fr /`, `rm -r -f /` and `rm -rfv /` are all `rm -rf *`). Any other rule with flags matches
 * with both sides' flags sorted (`globs`).
 */
export type FlagMatcher = { words: string[]; open: boolean } | { globs: CommandGlob[] };

function flagMatcher(pattern: string, caseInsensitive: boolean): FlagMatcher | undefined {
  const text = caseInsensitive ? pattern.toLowerCase() : pattern;
  const sorted = sortShortFlags(text);
  const open = sorted.endsWith(":*") || sorted.endsWith(" *");
  const head = open ? sorted.slice(0, -2).trimEnd() : sorted;
  if (!head.split(" ").some((w) => SHORT_FLAGS.test(w))) return undefined;
  if (!head.includes("*")) return { words: head.split(" "), open };
  return { globs: compileBashPattern(sorted, false) };
}

/** Whether a command form, its flags sorted by sortShortFlags, is stopped by a rule's flag matcher. */
export function matchesFlags(matcher: FlagMatcher, sorted: string): boolean {
  if ("globs" in matcher) return matcher.globs.some((glob) => matchCommandGlob(glob, sorted));
  const words = sorted.split(" ");
  if (words.length < matcher.words.length || (!matcher.open && words.length !== matcher.words.length)) return false;
  return matcher.words.every((want, i) => {
    const have = words[i]!;
    if (!SHORT_FLAGS.test(want)) return have === want;
    return SHORT_FLAGS.test(have) && [...want.slice(1)].every((c) => have.includes(c));
  });
}

/**
 * `cmd:*` (colon form) and a trailing ` *` both mean "this command, with or without arguments":
 * `tree:*` matches `tree` and `tree -a` but not `treemap`. Otherwise `*` matches anything.
 */
function compileBashPattern(pattern: string, caseInsensitive: boolean): CommandGlob[] {
  let text = pattern
    .trim()
    .split(/[ \t]+/)
    .join(" ");
  if (caseInsensitive) text = text.toLowerCase();
  if (text.endsWith(":*")) {
    const base = text.slice(0, -2).trimEnd();
    return [compileCommandGlob(base), compileCommandGlob(`${base} *`)];
  }
  if (text.endsWith(" *")) return [compileCommandGlob(text.slice(0, -2)), compileCommandGlob(text)];
  return [compileCommandGlob(text)];
}

function compileReadPattern(pattern: string, options: PolicyOptions, caseInsensitive: boolean) {
  let text = options.platform === "win32" ? pattern.replaceAll("\\", "/") : pattern;
  let anchor: ReadAnchor;
  if (text === "~" || text.startsWith("~/")) {
    // Without a home directory the pattern must not match anything: a NUL never appears in a path.
    text = options.home ? options.home.replaceAll("\\", "/").replace(/\/$/, "") + text.slice(1) : "\0";
    anchor = "absolute";
  } else if (text.startsWith("/") || /^[A-Za-z]:\//.test(text)) {
    // `//abs` is Claude Code's spelling of an absolute path; a single slash is accepted too.
    if (text.startsWith("//")) text = text.slice(1);
    anchor = "absolute";
  } else {
    if (text.startsWith("./")) text = text.slice(2);
    anchor = text.startsWith("**/") ? "anywhere" : text.includes("/") ? "relative" : "name";
  }
  if (text.endsWith("/")) text += "**";
  if (caseInsensitive) text = text.toLowerCase();
  return { pathGlob: compilePathGlob(text), anchor };
}
