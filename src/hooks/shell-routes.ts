import { parseCommand, type CommandSegment } from "../sandbox/split-command.ts";

/**
 * Shell commands whose output belongs in the sandbox: network fetches printing a body, build
 * tools known for huge logs, and one-file dumps (the caller checks the file's size).
 */
type ShellRoute = { kind: "http"; command: string } | { kind: "build"; tool: string } | { kind: "dump"; files: string[] };

const INTERPRETERS = new Set(["node", "bun", "deno", "python", "python3", "py", "ruby", "perl", "php", "pwsh", "powershell"]);
/** Fetches in inline code (`node -e`, `python -c`, heredocs): the response body lands in the output. */
const INLINE_HTTP =
  /\bfetch\(\s*['"`]https?:|\brequests\.(?:get|post|put|patch|delete|head)\(|\burlopen\(|\bhttps?\.(?:get|request)\(|\baxios(?:\.(?:get|post))?\(|\bInvoke-(?:WebRequest|RestMethod)\b/;
const BUILD_TOOLS = new Set(["gradle", "gradlew", "mvn", "mvnw", "sbt", "bazel", "bazelisk", "xcodebuild"]);
const DUMPERS = new Set(["cat", "bat", "batcat", "less", "more", "nl", "tac", "head", "tail", "type", "get-content", "gc"]);
const WRAPPERS = new Set(["sudo", "env", "time", "nohup", "command", "exec", "nice", "stdbuf", "builtin"]);
/** Commands that bound what a pipe passes on: `curl … | head -20` prints at most what head lets through. */
const BOUNDING = new Set(["head", "tail", "wc", "md5sum", "sha256sum", "shasum"]);
/** A dump bigger than this many lines counts as reading the whole file. */
const DUMP_LINES = 2_000;

/** Classifies a shell command line; undefined when it is fine to run as it is. */
export function classifyShell(command: string): ShellRoute | undefined {
  if (command.length > 100_000) return undefined; // not something a person or model types; let the host handle it
  const segments = parseCommand(command);
  const piped = pipeTargets(command, segments);
  const dumps: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const words = commandWords(seg.words);
    const cmd = baseName(words[0] ?? "");
    const next = piped[i];
    if (cmd === "curl" || cmd === "wget") {
      if (!fetchWritesFile(cmd, words, seg.text) && !(next && BOUNDING.has(next))) return { kind: "http", command };
    } else if (INTERPRETERS.has(cmd.replace(/[\d.]+$/, "")) && INLINE_HTTP.test(seg.text)) {
      return { kind: "http", command };
    } else if (BUILD_TOOLS.has(cmd)) {
      if (!next && !redirects(seg.text) && !quietBuild(words)) return { kind: "build", tool: cmd };
    } else if (DUMPERS.has(cmd) && segments.length === 1 && !redirects(seg.text) && !seg.text.includes("<<")) {
      dumps.push(...dumpFiles(cmd, words));
    }
  }
  if (command.includes("<<") && INLINE_HTTP.test(command) && segments.some((s) => INTERPRETERS.has(baseName(commandWords(s.words)[0] ?? "")))) {
    return { kind: "http", command };
  }
  return dumps.length ? { kind: "dump", files: dumps } : undefined;
}

/** Words of a segment from the command itself on: leading `VAR=x` and wrappers (`sudo`, `timeout 5` …) dropped. */
function commandWords(words: string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || WRAPPERS.has(baseName(w))) i++;
    else if (baseName(w) === "timeout") i += 2;
    else break;
  }
  return words.slice(i);
}

function baseName(word: string): string {
  return word
    .slice(Math.max(word.lastIndexOf("/"), word.lastIndexOf("\\")) + 1)
    .toLowerCase()
    .replace(/\.(exe|cmd|bat)$/, "");
}

/**
 * For each segment, the command it pipes into (`|` but not `||`), found by locating the segment's
 * text in the command line and looking at what follows it.
 */
function pipeTargets(command: string, segments: CommandSegment[]): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  let from = 0;
  for (let i = 0; i < segments.length; i++) {
    const text = segments[i]!.text;
    const at = command.indexOf(text, from);
    if (at < 0) {
      out.push(undefined);
      continue;
    }
    from = at + text.length;
    const rest = command.slice(from).trimStart();
    const isPipe = rest.startsWith("|") && !rest.startsWith("||");
    out.push(isPipe && segments[i + 1] ? baseName(commandWords(segments[i + 1]!.words)[0] ?? "") : undefined);
  }
  return out;
}

/** `> file`, `>> file`, `&> file` (not `2>&1` alone). */
function redirects(text: string): boolean {
  return /(^|[^0-9&])>>?\s*[^&\s]/.test(text) || /&>\s*\S/.test(text);
}

/** curl/wget whose body goes to a file (or nowhere), not to stdout. */
function fetchWritesFile(cmd: string, words: string[], text: string): boolean {
  const stdoutTarget = (v: string | undefined) => v === "-" || v === "/dev/stdout";
  if (cmd === "curl") {
    for (let i = 1; i < words.length; i++) {
      const w = words[i]!;
      if (w === "-O" || w === "--remote-name" || w === "--remote-name-all" || /^-[a-zA-Z]*O[a-zA-Z]*$/.test(w)) return true;
      if (w === "-o" || w === "--output") return !stdoutTarget(words[i + 1]);
      if (/^-[a-zA-Z]*o$/.test(w)) return !stdoutTarget(words[i + 1]);
      if (w.startsWith("--output=")) return !stdoutTarget(w.slice(9));
      if (/^-o./.test(w)) return !stdoutTarget(w.slice(2));
    }
    return redirects(text);
  }
  // wget saves to a file unless told `-O -`; its progress goes to stderr, so only a quiet run is harmless.
  let quiet = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === "-O" || w === "--output-document") {
      if (stdoutTarget(words[i + 1])) return redirects(text);
    } else if (/^-[a-zA-Z]*O-?$/.test(w) && (w.endsWith("-") || stdoutTarget(words[i + 1]))) return redirects(text);
    else if (w.startsWith("--output-document=") && stdoutTarget(w.slice(18))) return redirects(text);
    if (w === "-q" || w === "--quiet" || w === "-nv" || w === "--no-verbose" || /^-[a-zA-Z]*q/.test(w)) quiet = true;
  }
  return quiet || redirects(text);
}

function quietBuild(words: string[]): boolean {
  return words.some((w) => ["-q", "--quiet", "-quiet", "--version", "-version", "-v", "--help", "-h", "-help"].includes(w));
}

/** Files a single `cat`/`head`/`tail`… prints whole; empty when the command is bounded (`head -20 f`, `tail -f`). */
function dumpFiles(cmd: string, words: string[]): string[] {
  const files: string[] = [];
  let bounded = cmd === "head" || cmd === "tail"; // 10 lines by default
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if ((cmd === "head" || cmd === "tail") && (w === "-n" || w === "--lines" || w === "-c" || w === "--bytes")) {
      bounded = smallCount(words[++i] ?? "", w.includes("c"));
    } else if ((cmd === "head" || cmd === "tail") && /^--(?:lines|bytes)=/.test(w)) {
      bounded = smallCount(w.slice(w.indexOf("=") + 1), w.startsWith("--bytes"));
    } else if ((cmd === "head" || cmd === "tail") && /^-[nc]./.test(w)) {
      bounded = smallCount(w.slice(2), w[1] === "c");
    } else if ((cmd === "head" || cmd === "tail") && /^-\d+$/.test(w)) {
      bounded = smallCount(w.slice(1), false);
    } else if (cmd === "tail" && (w === "-f" || w === "-F" || w === "--follow")) {
      return [];
    } else if ((w.startsWith("-") && w.length > 1) || /^\d*[<>]/.test(w)) {
    } else if (w.includes("$(") || w.includes("`") || /[*?]/.test(w)) {
      return [];
    } else {
      files.push(w);
    }
  }
  return bounded ? [] : files;
}

/** True for a line/byte count that keeps the output small; `+N` (from line N to the end) never does. */
function smallCount(raw: string, bytes: boolean): boolean {
  if (raw.startsWith("+")) return false;
  const n = Number(raw.replace(/^-/, "").replace(/[kKmM]$/, (u) => (u.toLowerCase() === "k" ? "000" : "000000")));
  if (!Number.isFinite(n)) return true;
  return bytes ? n <= 16_384 : n <= DUMP_LINES;
}
