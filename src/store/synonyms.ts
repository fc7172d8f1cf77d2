/**
 * Words that stand for one another in questions about software: someone asks how to "stop" a
 * process the docs say to "kill", wants a "folder" the docs call a "directory". A query word also
 * matches the other words of its group (query-plan.ts), so a question put in other words than
 * the docs' still finds their section. Groups hold general words of the trade, not names of any
 * one tool's API; a word that is in every other chunk ("run", "use", "new") is in none, as it
 * would bring in more noise than answers.
 */
import { lightStem } from "./match.ts";

const GROUPS = [
  "stop kill terminate abort halt",
  "exit quit",
  "folder directory dir dirs",
  "charset encoding",
  "row line",
  "readonly immutable frozen",
  "delete remove unlink erase",
  "copy clone duplicate",
  "rename move",
  "error exception",
  "fail failure",
  "check verify validate",
  "handler listener callback",
  "prepend beginning",
  "append end",
  "thread worker",
  "socket connection",
  "idle inactive",
  "escape quote",
  "dict dictionary mapping",
  "array list",
  "integer int",
  "missing absent",
  "config configuration settings",
  "env environment",
  "find search lookup",
  "replace substitute",
  "parse decode",
  "serialize encode",
  "compress gzip zip",
  "disable suppress silence",
  "ignore skip bypass",
  "reorder rearrange",
  "undo revert",
  "recover restore",
  "retry repeat",
  "limit maximum cap",
  "fast speed performance perf",
  "expensive costly slow",
  "finish complete done",
  "job task",
  "notification notify watch",
  "cause reason",
  "restart refresh",
  "timer timeout",
  "initial initialize",
  "forcefully force",
  "keep preserve retain",
  "consume iterate",
  "annotate hint annotation",
  "permission mode",
  "spawn launch",
  "terminal console tty",
  "password credential secret",
  "login authenticate",
  "shared common",
  "temporary temp",
  "checkout worktree",
  "username name",
  "email mail",
  "size length",
  "sleep delay",
  "close shutdown",
  "empty blank",
  "sort order",
  "unique distinct deduplicate",
  "concatenate join",
  "split divide",
  "async asynchronous",
  "sync synchronous",
  "parallel concurrent concurrently",
  "lock mutex",
  "cache memoize",
  "upgrade update",
  "dependency requirement dep deps",
  "mock stub fake",
  "debug trace",
  "warning warn",
  "deprecated obsolete",
  "argument parameter arg args param",
  "option flag",
  "timezone tz",
  "hash digest checksum",
  "encrypt cipher",
  "certificate cert",
  "download fetch",
  "execute invoke",
  "quiet silent",
  "overwrite clobber",
  "subfolder subdirectory",
  "executable binary",
  // Abbreviations the trade writes for the words (`prod dep`, `repo`, `pkg`).
  "production prod",
  "repository repo",
  "library lib libs",
  "package pkg pkgs",
  "message msg msgs",
  "specification spec",
  "implementation impl",
];

/** Each word's light stem → the other words of its groups. */
const BY_STEM: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const words = group.split(" ");
    for (const w of words) {
      const set = map.get(lightStem(w)) ?? new Set<string>();
      for (const other of words) if (other !== w) set.add(other);
      map.set(lightStem(w), set);
    }
  }
  return new Map([...map].map(([k, v]) => [k, [...v]]));
})();

/** The words a query word may stand for besides itself (none for most words), and the two-word phrases the docs write it as. */
export function synonymsOf(word: string): readonly string[] {
  const stem = lightStem(word);
  // "stopped" → "stopp" → "stop"
  const undoubled = stem.length > 3 && stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : stem;
  const words = BY_STEM.get(stem) ?? BY_STEM.get(undoubled) ?? [];
  const phrase = WRITTEN_OUT.get(word);
  return phrase ? [...words, phrase] : words;
}

/**
 * Two-word verbs and compounds that one word of the docs says: "turn off" is "disable", "read
 * only" is "readonly". Their second word is often a stopword the query would otherwise lose.
 */
const PHRASES: ReadonlyMap<string, string> = new Map([
  ["read only", "readonly"],
  ["turn off", "disable"],
  ["switch off", "disable"],
  ["turn on", "enable"],
  ["switch on", "enable"],
  ["shut down", "shutdown"],
  ["log in", "login"],
  ["sign in", "login"],
  ["set up", "setup"],
  ["clean up", "cleanup"],
  ["look up", "lookup"],
  ["time out", "timeout"],
  ["back up", "backup"],
  ["start up", "startup"],
  ["roll back", "rollback"],
  ["check out", "checkout"],
  ["return code", "status"],
  ["exit code", "status"],
  ["error code", "status"],
  ["standard input", "stdin"],
  ["standard output", "stdout"],
  ["standard error", "stderr"],
  ["symbolic link", "symlink"],
  // A package manifest gives the Node.js versions it runs on as `engines`.
  ["node version", "engines"],
  ["node versions", "engines"],
]);

/**
 * A word the docs often write out as the phrase it shortens or joins: "stdin" is "standard input"
 * in a manual page, "readonly" is "read-only". The phrase is looked for as a phrase. Not for a word
 * several phrases stand for (`status`, `disable`): none of them is what the docs write for it.
 */
const WRITTEN_OUT: ReadonlyMap<string, string> = (() => {
  const targets = new Map<string, string[]>();
  for (const [phrase, word] of PHRASES) targets.set(word, [...(targets.get(word) ?? []), phrase]);
  return new Map([...targets].filter(([, phrases]) => phrases.length === 1).map(([word, [phrase]]) => [word, phrase!]));
})();

/** The single words that two-word phrases of `words` (in query order) stand for. */
export function phraseWords(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const w = PHRASES.get(`${words[i]} ${words[i + 1]}`);
    if (w) out.push(w);
  }
  return out;
}
