/**
 * A .gitignore reader: blank lines and `#` comments skipped, `!` negation, trailing `/` for
 * directories only, a leading or inner `/` anchoring to the file's folder, `*`, `?`, `[…]` and `**`.
 * Patterns are matched with a small backtracking-free matcher, not RegExps built from file text.
 */
export interface IgnoreRule {
  /** Folder (relative to the walk root, "" for the root) whose .gitignore held the rule. */
  base: string;
  pattern: string;
  negate: boolean;
  dirOnly: boolean;
  anchored: boolean;
}

export function parseGitignore(text: string, base: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (let line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith("#")) continue;
    line = line.replace(/(?<!\\)\s+$/, "");
    const negate = line.startsWith("!");
    if (negate) line = line.slice(1);
    if (line.startsWith("\\")) line = line.slice(1);
    const dirOnly = line.endsWith("/");
    if (dirOnly) line = line.slice(0, -1);
    const anchored = line.includes("/");
    if (line.startsWith("/")) line = line.slice(1);
    if (line) rules.push({ base, pattern: line, negate, dirOnly, anchored });
  }
  return rules;
}

/** True when the last matching rule ignores `rel` (a path relative to the walk root, `/`-separated). */
export function isIgnored(rules: IgnoreRule[], rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const r of rules) {
    if (r.dirOnly && !isDir) continue;
    if (r.base && !rel.startsWith(`${r.base}/`)) continue;
    const local = r.base ? rel.slice(r.base.length + 1) : rel;
    const target = r.anchored ? local : local.slice(local.lastIndexOf("/") + 1);
    if (globMatch(r.pattern, target)) ignored = !r.negate;
  }
  return ignored;
}

/**
 * Glob match where `*` and `?` stop at `/` and `**` crosses it. Dynamic programming over
 * (pattern position, text position), so the cost is bounded by their product, never exponential.
 */
export function globMatch(pattern: string, text: string): boolean {
  const p = pattern;
  // Positions reachable without consuming a character: a star may match nothing.
  const epsilon = (set: Set<number>): Set<number> => {
    const stack = [...set];
    while (stack.length) {
      const i = stack.pop()!;
      let j = -1;
      if (p.startsWith("**", i)) j = p[i + 2] === "/" ? i + 3 : i + 2;
      else if (p[i] === "*") j = i + 1;
      if (j >= 0 && !set.has(j)) (set.add(j), stack.push(j));
    }
    return set;
  };
  let states = epsilon(new Set([0]));
  for (const ch of text) {
    const next = new Set<number>();
    for (const i of states) {
      if (i >= p.length) continue;
      const c = p[i]!;
      if (p.startsWith("**", i)) next.add(i); // ** eats any character, slashes included
      else if (c === "*") {
        if (ch !== "/") next.add(i);
      } else if (c === "?") {
        if (ch !== "/") next.add(i + 1);
      } else if (c === "[") {
        const end = p.indexOf("]", i + 2);
        if (end > 0 && ch !== "/" && classMatch(p.slice(i + 1, end), ch)) next.add(end + 1);
      } else if (c === "\\" && i + 1 < p.length) {
        if (p[i + 1] === ch) next.add(i + 2);
      } else if (c === ch) next.add(i + 1);
    }
    if (next.size === 0) return false;
    states = epsilon(next);
  }
  return states.has(p.length);
}

function classMatch(body: string, ch: string): boolean {
  const negate = body.startsWith("!") || body.startsWith("^");
  if (negate) body = body.slice(1);
  let hit = false;
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === "-" && i + 2 < body.length) {
      if (ch >= body[i]! && ch <= body[i + 2]!) hit = true;
      i += 2;
    } else if (body[i] === ch) hit = true;
  }
  return hit !== negate;
}
