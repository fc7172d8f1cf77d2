import type { CommandSegment } from "./split-command.ts";

/** The strings a segment is matched as, and command strings it runs through `sh -c` / `eval`. */
export interface CommandForms {
  /** Matched by allow rules: the segment as written and with quotes removed. */
  allow: string[];
  /** Matched by deny rules: the allow forms plus every unwrapped form (see commandForms). */
  deny: string[];
  /** Command strings the segment hands to a shell (`bash -c '…'`, `eval …`); checked as commands too. */
  nested: string[];
  /** True for pure syntax (`done`, `fi`, `}`), which needs no allow rule. */
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
  sudo: new Set(["-u", "--user", "-g", "--group", "-h", "--host", "-p", "--prompt", "-C", "--close-from", "-D", "--chdir", "-r", "--role", "-t", "--type", "-U", "--other-user"]),
  doas: new Set(["-u", "-C"]),
  stdbuf: new Set(["-i", "-o", "-e"]),
  xargs: new Set(["-I", "-L", "-n", "-P", "-s", "-d", "-E", "-a"]),
};

const isAssignment = (word: string) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);
const baseName = (word: string) => word.slice(word.lastIndexOf("/") + 1);

/**
 * Forms of one segment for rule matching. Deny rules see, besides the segment itself, the
 * command left after stripping leading `VAR=value` assignments, shell keywords (`do`, `then` …)
 * and wrappers (`env`, `sudo`, `nohup`, `timeout 5` …), one layer at a time, plus the basename
 * of an absolute command path (`/usr/bin/sudo` -> `sudo`). So `FOO=1 sudo rm -rf /` is denied
 * by `Bash(sudo *)` and by `Bash(rm -rf:*)`. Allow rules only see the segment as written (quotes
 * removed or kept, leading keywords dropped): an allow must not stretch to a command run with
 * other variables, through a wrapper, or from another path.
 */
export function commandForms(segment: CommandSegment): CommandForms {
  // Leading keywords (`then echo a`, `do rm x`) are syntax, so allow rules see the command after them.
  let start = 0;
  while (start < segment.words.length && KEYWORDS.has(segment.words[start]!)) start++;
  const allow = unique([segment.text, segment.words.join(" "), segment.words.slice(start).join(" ")]).filter(Boolean);
  const deny = new Set(allow);
  const nested: string[] = [];
  let words = segment.words;
  const addForms = () => {
    if (words.length === 0) return;
    deny.add(words.join(" "));
    if (words[0]!.includes("/")) deny.add([baseName(words[0]!), ...words.slice(1)].join(" "));
  };
  addForms();
  for (let guard = 0; guard < 64 && words.length > 0; guard++) {
    const stripped = stripOne(words);
    if (stripped === words) break;
    words = stripped;
    addForms();
  }
  const syntaxOnly = segment.words.every((w) => KEYWORDS.has(w));
  if (words.length > 0) {
    const head = baseName(words[0]!);
    if (head === "eval" && words.length > 1) nested.push(words.slice(1).join(" "));
    if (SHELLS.has(head)) {
      // `bash -c 'cmd'`, `sh -ec 'cmd'`: the first non-option word after the flag is a command line.
      const flag = words.findIndex((w, i) => i > 0 && /^-[A-Za-z]*c[A-Za-z]*$/.test(w));
      const script = flag > 0 ? words.slice(flag + 1).find((w) => !w.startsWith("-")) : undefined;
      if (script !== undefined) nested.push(script);
    }
  }
  return { allow, deny: [...deny], nested, syntaxOnly };
}

/** Removes one leading assignment, keyword or wrapper (with its options); same array when none. */
function stripOne(words: string[]): string[] {
  const first = words[0]!;
  if (isAssignment(first) || KEYWORDS.has(first)) return words.slice(1);
  const name = baseName(first);
  const valued = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
  if (!valued) return words;
  let i = 1;
  while (i < words.length) {
    const w = words[i]!;
    if (w === "--") { i++; break; }
    if (name === "env" && isAssignment(w)) { i++; continue; }
    if (!w.startsWith("-") || w === "-") break;
    i += valued.has(w) ? 2 : 1;
  }
  // `timeout [options] DURATION command`: the duration is not part of the command.
  if (name === "timeout" && i < words.length) i++;
  return words.slice(i);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
