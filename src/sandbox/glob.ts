/**
 * Glob matchers for permission rules. Both run in time linear in the input for a given pattern
 * and never backtrack, so a hostile 100 KB command cannot stall a hook. User globs are never
 * turned into regular expressions.
 */

/** A command glob: `*` matches any run of characters (spaces and slashes included). */
export interface CommandGlob {
  /** Literal pieces between the stars. */
  pieces: string[];
}

/** Compiles a command pattern; every character other than `*` is literal. */
export function compileCommandGlob(pattern: string): CommandGlob {
  return { pieces: pattern.split("*") };
}

/**
 * Matches a whole command against a glob. The first piece must be a prefix and the last a
 * suffix; the middle pieces are found left to right with KMP, each search starting where the
 * previous match ended. Leftmost matching is optimal for star-only globs, so this is exact in
 * O(text + pattern) time.
 */
export function matchCommandGlob(glob: CommandGlob, text: string): boolean {
  const { pieces } = glob;
  const first = pieces[0]!;
  if (pieces.length === 1) return text === first;
  const last = pieces[pieces.length - 1]!;
  if (first.length + last.length > text.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let pos = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    if (piece.length === 0) continue;
    const at = kmpIndexOf(text, piece, pos, end);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  return true;
}

/** First index of `needle` in `text[from, end)`, or -1. Linear: the text pointer never moves back. */
function kmpIndexOf(text: string, needle: string, from: number, end: number): number {
  const fail = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = fail[k - 1]!;
    if (needle[i] === needle[k]) k++;
    fail[i] = k;
  }
  for (let i = from, k = 0; i < end; i++) {
    while (k > 0 && text[i] !== needle[k]) k = fail[k - 1]!;
    if (text[i] === needle[k]) k++;
    if (k === needle.length) return i - k + 1;
  }
  return -1;
}

// Path glob NFA node kinds.
const CHAR = 0;
const NOT_SLASH = 1;
const ANY = 2;
const SPLIT = 3;
const ACCEPT = 4;

/** A path glob compiled to a Thompson NFA (parallel arrays, one entry per node). */
export interface PathGlob {
  kind: Uint8Array;
  char: Uint16Array;
  out: Int32Array;
  out2: Int32Array;
}

/**
 * Compiles a path pattern: `*` = any run without `/`, `?` = one character other than `/`,
 * `**` = anything, and `**` followed by `/` = zero or more whole directories. Everything else,
 * including `[`, is literal.
 */
export function compilePathGlob(pattern: string): PathGlob {
  const kind: number[] = [];
  const char: number[] = [];
  const out: number[] = [];
  const out2: number[] = [];
  const node = (k: number, c: number, o: number, o2 = -1) => {
    kind.push(k);
    char.push(c);
    out.push(o);
    out2.push(o2);
  };
  for (let i = 0; i < pattern.length; i++) {
    const at = kind.length;
    const ch = pattern[i]!;
    if (ch === "*" && pattern[i + 1] === "*") {
      i++;
      if (pattern[i + 1] === "/") {
        // (.*/)? : skip entirely, or loop on any character and leave through a '/'.
        i++;
        node(SPLIT, 0, at + 1, at + 4);
        node(SPLIT, 0, at + 2, at + 3);
        node(ANY, 0, at + 1);
        node(CHAR, 47, at + 4);
      } else {
        node(SPLIT, 0, at + 1, at + 2);
        node(ANY, 0, at);
      }
    } else if (ch === "*") {
      node(SPLIT, 0, at + 1, at + 2);
      node(NOT_SLASH, 0, at);
    } else if (ch === "?") {
      node(NOT_SLASH, 0, at + 1);
    } else {
      node(CHAR, ch.charCodeAt(0), at + 1);
    }
  }
  node(ACCEPT, 0, -1);
  return {
    kind: Uint8Array.from(kind),
    char: Uint16Array.from(char),
    out: Int32Array.from(out),
    out2: Int32Array.from(out2),
  };
}

/** Matches a whole path by simulating all NFA states at once: O(path length x pattern length). */
export function matchPathGlob(glob: PathGlob, path: string): boolean {
  const size = glob.kind.length;
  const seen = new Int32Array(size).fill(-1);
  let current: number[] = [];
  let next: number[] = [];
  const stack: number[] = [];
  const add = (list: number[], start: number, step: number) => {
    stack.push(start);
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (seen[s] === step) continue;
      seen[s] = step;
      if (glob.kind[s] === SPLIT) {
        stack.push(glob.out2[s]!, glob.out[s]!);
      } else {
        list.push(s);
      }
    }
  };
  add(current, 0, 0);
  for (let i = 0; i < path.length && current.length > 0; i++) {
    const code = path.charCodeAt(i);
    next.length = 0;
    for (const s of current) {
      const k = glob.kind[s];
      const ok = k === ANY || (k === NOT_SLASH && code !== 47) || (k === CHAR && glob.char[s] === code);
      if (ok) add(next, glob.out[s]!, i + 1);
    }
    [current, next] = [next, current];
  }
  return current.some((s) => glob.kind[s] === ACCEPT);
}
