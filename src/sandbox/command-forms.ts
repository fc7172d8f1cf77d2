import type { CommandSegment } from "./split-command.ts";

/** The strings a segment is matched as, and command strings it runs through `sh -c` / `eval`. */
interface CommandForms {
  /** Matched by allow rules: the segment as written and with quotes removed. */
  allow: string[];
  /** Matched by deny rules: the allow forms plus every unwrapped form (see commandForms). */
  deny: string[];
  /** Command strings the segment hands to a shell (`bash -c '…'`, `eval …`); checked as commands too. */
  nested: string[];
  /** True for pure syntax (`done`, `fi`, `}`, `function f`), which needs no allow rule. */
  syntaxOnly: boolean;
}

const KEYWORDS = new Set(["!", "{", "}", "do", "done", "then", "else", "elif", "fi", "if", "while", "until", "esac", ";;", "time"]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash"]);

/** Wrapper commands that run their arguments, with the options of theirs that take a value. */
const WRAPPERS: Readonly<Record<string, ReadonlySet<string>>> = {
  env: new Set(["-u", "--unset", "-C", "--chdir", "-S", "--split-string"]),
  command: new Set(),
  builtin: new Set(),
  exec: new Set(["-a"]),
  nohup: new Set(),
  nice: new Set(["-n", "--adjustment"]),
  timeout: new Set(["-s", "--signal", "-k", "--kill-after"]),
  sudo: new Set([
    "-u",
    "--user",
    "-g",
    "--group",
    "-h",
    "--host",
    "-p",
    "--prompt",
    "-C",
    "--close-from",
    "-D",
    "--chdir",
    "-r",
    "--role",
    "-t",
    "--type",
    "-U",
    "--other-user",
  ]),
  doas: new Set(["-u", "-C"]),
  stdbuf: new Set(["-i", "-o", "-e"]),
  xargs: new Set(["-I", "-L", "-n", "-P", "-s", "-d", "-E", "-a"]),
  coproc: new Set(),
  setsid: new Set(),
  ionice: new Set(["-c", "--class", "-n", "--classdata", "-p", "--pid", "-P", "--pgid", "-u", "--uid"]),
};
/** `find` options whose following words, up to `;` or `+`, are a command it runs. */
const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
/** Layers of wrappers (`env env nohup …`) that each add a whole deny form; deeper ones add their first DEEP_LAYER_WORDS words (linear time). */
const MAX_LAYER_FORMS = 8;
const DEEP_LAYER_WORDS = 32;

const isAssignment = (word: string) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);
const baseName = (word: string) => word.slice(word.lastIndexOf("/") + 1);

/**
 * Forms of one segment for rule matching. Deny rules see, besides the segment itself, the
 * command left after stripping leading `VAR=value` assignments, shell keywords (`do`, `then` …)
 * and wrappers (`env`, `sudo`, `nohup`, `timeout 5` …), one layer at a time, plus the basename
 * of an absolute command path (`/usr/bin/sudo` -> `sudo`). So `FOO=1 sudo rm -rf /` is denied
 * by `Bash(sudo *)` and by `Bash(rm -rf:*)`. Allow rules only see the segment as written (quotes
 * removed or kept, leading keywords dropped): an allow must not stretch to a command run with
 * other variables, through a wrapper, or from another path. Deny rules also see the command after
 * brace expansion, `$IFS` splitting and Unicode look-alike folding (`{sudo,x}`, `sudo${IFS}x`,
 * fullwidth `ｓｕｄｏ`), the command with its redirections left out (`2>&1 sudo id`, `git push
 * >log --force`), and the commands `find -exec` runs.
 */
export function commandForms(segment: CommandSegment): CommandForms {
  // Leading keywords (`then echo a`, `do rm x`) are syntax, so allow rules see the command after them.
  let start = 0;
  while (start < segment.words.length && KEYWORDS.has(segment.words[start]!)) start++;
  const allow = unique([segment.text, segment.words.join(" "), segment.words.slice(start).join(" ")]).filter(Boolean);
  const deny = new Set(allow);
  const nested: string[] = [];
  unwrap(segment.words, deny, nested);
  // What the shell would run after expanding look-alikes: deny rules see that command too.
  const expanded = expandWords(segment.words);
  if (expanded) unwrap(expanded, deny, nested);
  // Redirections may stand anywhere, before the command too (`>/dev/null sudo id`): deny rules also see the words without them.
  const plain = dropRedirections(segment.words);
  if (plain?.length) unwrap(plain, deny, nested);
  // `function NAME` is the head of a definition: the body's commands are segments of their own.
  const syntaxOnly = segment.words.every((w) => KEYWORDS.has(w)) || (segment.words.length === 2 && segment.words[0] === "function");
  return { allow, deny: [...deny], nested, syntaxOnly };
}

/**
 * Adds the deny forms of `words` layer by layer (assignments, keywords, wrappers stripped) and
 * collects the command strings the innermost command hands to a shell, `eval` or `find -exec`.
 */
function unwrap(all: string[], deny: Set<string>, nested: string[]): void {
  let at = 0;
  const addForms = (full: boolean) => {
    if (at >= all.length) return;
    // Deep layers get a form of their first words only, so each costs O(1) and the whole stays linear.
    const words = full || layer < MAX_LAYER_FORMS ? all.slice(at) : all.slice(at, at + DEEP_LAYER_WORDS);
    deny.add(words.join(" "));
    if (words[0]!.includes("/")) deny.add([baseName(words[0]!), ...words.slice(1)].join(" "));
  };
  let layer = 0;
  addForms(true);
  while (at < all.length) {
    const next = stripOne(all, at);
    if (next === at) break;
    const head = all[at];
    at = next;
    layer++;
    // Past the first layers, a run of one wrapper (`env env env …`) adds a form only where it ends.
    if (layer < MAX_LAYER_FORMS || all[at] !== head) addForms(false);
  }
  if (layer >= MAX_LAYER_FORMS) addForms(true);
  if (at >= all.length) return;
  const words = all.slice(at);
  const head = baseName(words[0]!);
  if (head === "eval" && words.length > 1) nested.push(words.slice(1).join(" "));
  if (SHELLS.has(head)) {
    // `bash -c 'cmd'`, `sh -ec 'cmd'`: the first non-option word after the flag is a command line.
    const flag = words.findIndex((w, i) => i > 0 && /^-[A-Za-z]*c[A-Za-z]*$/.test(w));
    const script = flag > 0 ? words.slice(flag + 1).find((w) => !w.startsWith("-")) : undefined;
    if (script !== undefined) nested.push(script);
  }
  if (head === "find") {
    for (let i = 1; i < words.length; i++) {
      if (!FIND_EXEC.has(words[i]!)) continue;
      let j = i + 1;
      while (j < words.length && words[j] !== ";" && words[j] !== "+") j++;
      if (j > i + 1) nested.push(words.slice(i + 1, j).join(" "));
      i = j;
    }
  }
}

/**
 * The words as the shell would see them after what a glob rule cannot: `{a,b}` brace expansion,
 * `$IFS` word splitting, and Unicode look-alikes (fullwidth letters, zero-width and no-break
 * spaces) folded to ASCII. Undefined when none applies (the common case costs one test).
 */
function expandWords(words: string[]): string[] | undefined {
  if (!words.some((w) => LOOKALIKE.test(w))) return undefined;
  const out: string[] = [];
  for (const word of words) {
    const folded = word
      .normalize("NFKC")
      .replace(/\p{Cf}+/gu, "")
      .replace(/\$\{IFS\}|\$IFS(?![A-Za-z0-9_])|\p{Zs}/gu, " ");
    for (const part of folded.split(" ")) if (part) out.push(...expandBraces(part));
  }
  return out;
}

const LOOKALIKE = /[^\x00-\x7f]|\$\{?IFS|\{[^{}]*,[^{}]*\}/;

/** `s{u,}do` -> [`sudo`, `sdo`]: non-nested groups, at most 64 results. */
function expandBraces(word: string): string[] {
  const m = /\{([^{}]*,[^{}]*)\}/.exec(word);
  if (!m) return [word];
  const out: string[] = [];
  for (const alt of m[1]!.split(",")) {
    for (const rest of expandBraces(word.slice(0, m.index) + alt + word.slice(m.index + m[0].length))) {
      if (out.length >= 64) return out;
      if (rest) out.push(rest);
    }
  }
  return out;
}

/** A redirection word: an optional file descriptor, the operator, and the target when it is glued on (`2>&1`, `>out`, `<<EOF`); not `<(…)`. */
const REDIRECTION = /^(?:\d+|\{[A-Za-z_][A-Za-z0-9_]*\})?(?:&>>?|<<<|<<-?|<>|>>|>\||>&|<&|<(?!\()|>(?!\())/;

/** The words without redirections and their targets; undefined when there are none. */
function dropRedirections(words: string[]): string[] | undefined {
  if (!words.some((w) => REDIRECTION.test(w))) return undefined;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const m = REDIRECTION.exec(words[i]!);
    if (!m) out.push(words[i]!);
    else if (m[0].length === words[i]!.length) i++; // `> out`: the target is the next word
  }
  return out;
}

/** Index after one leading assignment, keyword or wrapper (with its options) from `at`; `at` when none. */
function stripOne(words: string[], at: number): number {
  const first = words[at]!;
  if (isAssignment(first) || KEYWORDS.has(first)) return at + 1;
  const name = baseName(first);
  const valued = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
  if (!valued) return at;
  let i = at + 1;
  while (i < words.length) {
    const w = words[i]!;
    if (w === "--") {
      i++;
      break;
    }
    if (name === "env" && isAssignment(w)) {
      i++;
      continue;
    }
    if (!w.startsWith("-") || w === "-") break;
    i += valued.has(w) ? 2 : 1;
  }
  // `timeout [options] DURATION command`: the duration is not part of the command.
  if (name === "timeout" && i < words.length) i++;
  return Math.min(i, words.length);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
