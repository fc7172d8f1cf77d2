import { Language, type Node, Parser } from "web-tree-sitter";
import { commandForms } from "../../src/sandbox/command-forms.ts";
import { parseCommand } from "../../src/sandbox/split-command.ts";
import { mulberry32 } from "../../bench/corpus.ts";

/**
 * Differential fuzzing of the splitter against tree-sitter's bash grammar (a dev dependency, run
 * as WASM). Generated command lines are parsed by both; every simple command tree-sitter sees must
 * be one the policy checks: some segment, in order, whose deny forms start with the command's name
 * and hold its words. The splitter may see more commands than bash (that only checks more), never
 * fewer. A disagreement is shrunk to a minimal command line before it is reported.
 *
 * Run by split-oracle.test.ts in a process of its own (`bun test/sandbox/split-oracle.ts [count]`
 * prints the result as JSON): the WASM heap would otherwise count against the memory checks of
 * the other test files that share bun test's process.
 */

const SEED = 0x5eed;

await Parser.init();
const parser = new Parser();
parser.setLanguage(await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")));

/**
 * A generated command line as a tree of pieces, so a failing case can be shrunk by dropping list
 * items or replacing a piece by one of its parts. `line` marks a piece that must end its line
 * (a here-doc, a comment): what follows it starts on a new line.
 */
type Tree = string | Piece;
interface Piece {
  kids: Tree[];
  /** A simple command: its parts are not hoisted out, and its name (this kid) is never dropped. */
  name?: number;
  /** A word with its blank: not replaced by the word alone, which would glue it to the one before. */
  fixed?: boolean;
  render: (kids: string[]) => string;
  /** A list: kids joined by these separators (one fewer than kids). */
  seps?: string[];
  line?: boolean;
}

const render = (t: Tree): string => {
  if (typeof t === "string") return t;
  const kids = t.kids.map(render);
  if (!t.seps) return t.render(kids);
  return kids.reduce((out, k, i) => (i === 0 ? k : out + (endsLine(t.kids[i - 1]!) ? "\n" : t.seps![i - 1]!) + k), "");
};
const endsLine = (t: Tree): boolean => typeof t !== "string" && (t.line === true || (t.seps !== undefined && t.kids.length > 0 && endsLine(t.kids.at(-1)!)));
/** What closes a list before `}`, `then`, `do`…: `;`, or nothing after a piece that ended its line. */
const term = (t: Tree) => (endsLine(t) ? "\n" : "; ");
const piece = (kids: Tree[], renderKids: (k: string[]) => string, line = false): Piece => ({ kids, render: renderKids, line });

const NAMES = ["ls", "echo", "sudo", "rm", "git", "grep", "cat", "curl", "env", "cmd1", "true", "printf", "/usr/bin/env", '"sudo"', "s'u'do", "\\rm"];
const WORDS = [
  "a",
  "-rf",
  "/",
  "x.txt",
  "*.ts",
  "--force",
  "1",
  '"a; b && c"',
  "'x | y & z'",
  '"it\'s"',
  "'#'",
  "a\\;b",
  "\\'",
  '\\"',
  "$HOME",
  "${x:-y}",
  '"${x}"',
  "$'ab'",
  '""',
  "a\\ b",
  "'('",
  '")"',
  "x=1",
  "a#b",
  "{a,b}",
  "'{'",
];
const REDIRECTS = [
  " >out",
  " 2>&1",
  " >>log",
  " <in",
  " &>/dev/null",
  " >|f",
  " 2>/dev/null",
  ' <<<"here string"',
  " <<<word",
  ">out",
  "2>&1",
  ">|f",
  "&>x",
  "<in",
];
const COMMENTS = ["# it's", "# a; b", '# "', "# `x", "# $(x"];
const HEREDOC_LINES = ["it's", '"half', "a; b && c", "#x", "$(sudo id)", "`ls`", "plain text", "'"];

function generator(seed: number) {
  const r = mulberry32(seed); // seeded, so every run tests the same command lines
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  const upTo = (n: number) => 1 + Math.floor(r() * n);

  const word = (d: number, inTicks: boolean): Tree => {
    const x = r();
    if (d > 0 && x < 0.06) {
      const l = list(d - 1, inTicks);
      return piece([l], ([s]) => `$( ${s}${endsLine(l) ? "\n" : ""})`);
    }
    if (d > 0 && !inTicks && x < 0.09) {
      const l = list(d - 1, true);
      return piece([l], ([s]) => `\`${s}${endsLine(l) ? "\n" : ""}\``);
    }
    if (d > 0 && x < 0.12) {
      const [l, op] = [list(d - 1, inTicks), pick(["<", ">"])];
      return piece([l], ([s]) => `${op}( ${s}${endsLine(l) ? "\n" : ""} )`);
    }
    if (d > 0 && x < 0.15) {
      const l = list(d - 1, inTicks);
      return piece([l], ([s]) => `"pre $( ${s}${endsLine(l) ? "\n" : ""} ) post"`);
    }
    return pick(WORDS);
  };

  const simple = (d: number, inTicks: boolean): Tree => {
    const parts: Tree[] = [];
    if (chance(0.1)) parts.push(pick([">/dev/null ", "2>&1 ", "<in "]));
    const assigns = chance(0.2) ? upTo(2) : 0;
    for (let i = 0; i < assigns; i++)
      parts.push(chance(0.2) && d > 0 ? piece([word(d, inTicks)], ([w]) => `V${i}=${w} `) : pick(["A=1 ", 'B="x y" ', "C=$HOME "]));
    const name = parts.length;
    parts.push(pick(NAMES));
    const words = Math.floor(r() * 4);
    for (let i = 0; i < words; i++) {
      const w = word(d, inTicks);
      if (chance(0.08)) parts.push(" \\\n");
      parts.push({ ...piece([w], ([s]) => ` ${s}`), fixed: true });
      if (chance(0.15)) parts.push(pick(REDIRECTS));
    }
    return { kids: parts, seps: parts.slice(1).map(() => ""), name, render: () => "" };
  };

  const heredoc = (inTicks: boolean): Tree => {
    const [op, word, delim] = pick([
      ["<<", "EOF", "EOF"],
      ["<< ", "'EOF'", "EOF"],
      ["<<", '"END"', "END"],
      ["<<-", "EOF", "\tEOF"],
      // (Not `<<\\E`: tree-sitter-bash loses track of the backticks before one.)
    ] as const);
    // A backtick in a body: inside backticks bash ends the substitution there, and tree-sitter-bash
    // pairs the backticks of a quoted here-doc's body with the ones around it.
    const lines = inTicks || word !== "EOF" ? HEREDOC_LINES.filter((l) => !l.includes("`")) : HEREDOC_LINES;
    const body = Array.from({ length: upTo(3) }, () => pick(lines)).join("\n");
    return piece([pick(["cat", "bash", "grep x"])], ([c]) => `${c} ${op}${word}\n${body}\n${delim}`, true);
  };

  const statement = (d: number, inTicks: boolean): Tree => {
    if (d <= 0) return simple(0, inTicks);
    const x = r();
    const sub = () => list(d - 1, inTicks);
    if (x < 0.45) return simple(d, inTicks);
    if (x < 0.49) {
      const l = sub();
      return piece([l], ([s]) => `( ${s}${endsLine(l) ? "\n" : " "})`);
    }
    if (x < 0.53) {
      const l = sub();
      return piece([l], ([s]) => `{ ${s}${term(l)}}`);
    }
    if (x < 0.56) {
      const l = sub();
      return piece([l], ([s]) => `function f { ${s}${term(l)}}`);
    }
    if (x < 0.59) {
      const l = sub();
      return piece([l], ([s]) => `f() { ${s}${term(l)}}`);
    }
    if (x < 0.61) {
      const l = sub();
      return piece([l], ([s]) => `g () ( ${s}${endsLine(l) ? "\n" : " "})`);
    }
    if (x < 0.65) {
      const [c, t, e] = [sub(), sub(), sub()];
      return piece([c, t, e], ([cs, ts, es]) => `if ${cs}${term(c)}then ${ts}${term(t)}else ${es}${term(e)}fi`);
    }
    if (x < 0.68) {
      const b = sub();
      return piece([b], ([bs]) => `for i in a 'b c' $(ls); do ${bs}${term(b)}done`);
    }
    if (x < 0.7) {
      const b = sub();
      return piece([b], ([bs]) => `for ((i = 0; i < 1 << 2; i++)); do ${bs}${term(b)}done`);
    }
    if (x < 0.73) {
      const [c, b, loop] = [sub(), sub(), pick(["while", "until"])];
      return piece([c, b], ([cs, bs]) => `${loop} ${cs}${term(c)}do ${bs}${term(b)}done`);
    }
    if (x < 0.76) {
      const [a, b] = [sub(), sub()];
      return piece([a, b], ([as, bs]) => `case $x in a) ${as}${endsLine(a) ? "\n" : ""};; (b|'c)') ${bs}${endsLine(b) ? "\n" : ""};; esac`);
    }
    if (x < 0.78) return piece([simple(d - 1, inTicks)], ([p]) => `! ${p}`);
    if (x < 0.83) return heredoc(inTicks);
    // (Not inside backticks, where bash ends a comment at the closing backtick and tree-sitter-bash does not.)
    if (x < 0.88 && !inTicks) {
      const comment = pick(COMMENTS);
      return piece([simple(d, inTicks)], ([s]) => `${s} ${comment}`, true);
    }
    if (x < 0.9) return "(( n = 1 << 3 ))";
    if (x < 0.93) {
      const declare = pick(["export", "declare", "readonly"]);
      return piece([word(d, inTicks)], ([w]) => `${declare} X=${w}`);
    }
    if (x < 0.95) return "[[ -n $x && $y == 'a;b' ]]";
    return simple(d, inTicks);
  };

  const pipeline = (d: number, inTicks: boolean): Tree => {
    const n = upTo(3);
    const kids = Array.from({ length: n }, () => statement(d, inTicks));
    return { kids, render: () => "", seps: kids.slice(1).map(() => pick([" | ", " |& "])) };
  };

  const list = (d: number, inTicks: boolean): Tree => {
    const n = upTo(3);
    const kids = Array.from({ length: n }, () => pipeline(d, inTicks));
    return { kids, render: () => "", seps: kids.slice(1).map(() => pick(["; ", " && ", " || ", " & ", "\n", "&&", ";"])) };
  };

  return () => list(3, false);
}

/**
 * Every shrunk variant of a tree: one list item dropped, or a piece replaced by one of its parts.
 * A simple command keeps its name and its words stay words, so the shrunk line keeps the shape
 * of the one that failed (a bare `` `a` `b` `` is one more place where tree-sitter-bash misreads).
 */
function* shrinks(t: Tree): Generator<Tree> {
  if (typeof t === "string") return;
  if (t.seps) {
    for (let i = 0; i < t.kids.length && t.kids.length > 1; i++) {
      if (i === t.name) continue;
      const kids = t.kids.filter((_, j) => j !== i);
      const seps = t.seps.filter((_, j) => j !== (i === 0 ? 0 : i - 1));
      yield { ...t, kids, seps, name: t.name !== undefined && i < t.name ? t.name - 1 : t.name };
    }
  }
  if (t.name === undefined && !t.fixed) for (const kid of t.kids) if (typeof kid !== "string") yield kid;
  for (let i = 0; i < t.kids.length; i++) {
    for (const smaller of shrinks(t.kids[i]!)) yield { ...t, kids: t.kids.map((k, j) => (j === i ? smaller : k)) };
  }
}

/** A word as the splitter records it: quotes removed, substitutions as placeholders. */
function normalize(node: Node, src: string): string {
  let text = "";
  let at = node.startIndex;
  const stack: Node[] = [node];
  const subs: Node[] = [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === "command_substitution" || n.type === "process_substitution" || n.type === "arithmetic_expansion") subs.push(n);
    else for (let i = n.childCount - 1; i >= 0; i--) stack.push(n.child(i)!);
  }
  subs.sort((a, b) => a.startIndex - b.startIndex);
  for (const s of subs) {
    text += src.slice(at, s.startIndex);
    text += s.type === "process_substitution" ? `${src[s.startIndex]}(...)` : src[s.startIndex] === "`" ? "`...`" : "$(...)";
    at = s.endIndex;
  }
  return dequote(text + src.slice(at, node.endIndex));
}

function dequote(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\") {
      if (s[i + 1] !== "\n" && i + 1 < s.length) out += s[i + 1];
      i++;
    } else if (c === "'" || (c === "$" && s[i + 1] === "'")) {
      const start = c === "$" ? i + 2 : i + 1;
      const end = s.indexOf("'", start);
      out += s.slice(start, end < 0 ? s.length : end);
      i = end < 0 ? s.length : end;
    } else if (c === '"') {
      for (i++; i < s.length && s[i] !== '"'; i++) {
        if (s[i] === "\\" && '$`"\\\n'.includes(s[i + 1] ?? "")) {
          if (s[i + 1] !== "\n") out += s[i + 1];
          i++;
        } else out += s[i];
      }
    } else out += c;
  }
  return out;
}

interface SeenCommand {
  name: string;
  words: string[];
  /** Where its last word ends: the splitter emits a segment once its words are done. */
  end: number;
}

/**
 * Where the splitter is done with a command: after its words, and after the redirections written
 * behind it (`echo a >$(x)`), whose substitutions it emits first; a here-doc's body comes later.
 */
function commandEnd(command: Node): number {
  let end = 0;
  for (const kid of command.children) if (kid && kid.type !== "heredoc_redirect") end = Math.max(end, kid.endIndex);
  let n = command;
  for (let up = n.parent; up; n = up, up = up.parent) {
    if ((up.type === "pipeline" || up.type === "list" || up.type === "negated_command") && up.lastNamedChild?.equals(n)) continue;
    if (up.type !== "redirected_statement" || !up.childForFieldName("body")?.equals(n)) break;
    for (const r of up.childrenForFieldName("redirect")) if (r.type !== "heredoc_redirect") end = Math.max(end, r.endIndex);
  }
  return end;
}

/**
 * Whether tree-sitter-bash carried a simple command over an unescaped newline, which bash never
 * does (`echo\n\\" x`, or `a | b | c\nd >x`, where it gives `c` the words of the next line), or
 * read a word across one.
 * Such lines are left out: the grammar is wrong there, not the splitter.
 */
function misread(n: Node, src: string): boolean {
  if (n.type === "word") return /(^|[^\\])\n/.test(n.text);
  if (n.type !== "command" && n.type !== "redirected_statement") return false;
  for (let i = 1; i < n.childCount; i++) {
    const gap = src.slice(n.child(i - 1)!.endIndex, n.child(i)!.startIndex);
    if (/(^|[^\\])\n/.test(gap)) return true;
  }
  return false;
}

/**
 * tree-sitter-bash also reads two backtick substitutions a blank apart as one (`` a `b` `c` ``),
 * splits a word after one followed by a backslash (`` `a`\\b ``), and pairs backticks across a
 * here-doc (`` a `b` "c" | cat <<EOF ``): such lines are left out too.
 */
const MISREAD = /`[ \t]*[`\\]|`[\s\S]*<<[^<]|<<[^<][\s\S]*`/;

/** The simple commands tree-sitter's bash grammar finds, ordered by where their words end; null when it does not parse. */
function treeSitterCommands(command: string): SeenCommand[] | null {
  if (MISREAD.test(command)) return null;
  const tree = parser.parse(command);
  if (!tree) return null;
  try {
    if (tree.rootNode.hasError) return null;
    const out: SeenCommand[] = [];
    const stack: Node[] = [tree.rootNode];
    while (stack.length > 0) {
      const n = stack.pop()!;
      for (let i = n.childCount - 1; i >= 0; i--) stack.push(n.child(i)!);
      if (misread(n, command)) return null;
      if (n.type !== "command") continue;
      const name = n.childForFieldName("name");
      if (!name) continue;
      const args = n.childrenForFieldName("argument");
      out.push({ name: normalize(name, command), words: args.map((a) => normalize(a, command)), end: commandEnd(n) });
    }
    return out.sort((a, b) => a.end - b.end);
  } finally {
    tree.delete();
  }
}

/** Whether a deny form of the segment is this command: its name, then its words in order. */
function covers(forms: string[], cmd: SeenCommand): boolean {
  return forms.some((form) => {
    if (form !== cmd.name && !form.startsWith(`${cmd.name} `)) return false;
    const rest = `${form.slice(cmd.name.length)} `;
    let at = 0;
    for (const w of cmd.words) {
      const hit = rest.indexOf(` ${w} `, at);
      if (hit < 0) return false;
      at = hit + w.length + 1;
    }
    return true;
  });
}

/** The first command tree-sitter sees that no segment covers, in order; undefined when all are covered or it does not parse. */
function missed(command: string): { missing: SeenCommand; seen: SeenCommand[]; segments: string[] } | undefined {
  const seen = treeSitterCommands(command);
  if (!seen) return undefined;
  const segments = parseCommand(command);
  const forms = segments.map((s) => commandForms(s).deny);
  let j = 0;
  for (const cmd of seen) {
    while (j < forms.length && !covers(forms[j]!, cmd)) j++;
    if (j === forms.length) return { missing: cmd, seen, segments: segments.map((s) => s.text) };
    j++;
  }
  return undefined;
}

function shrink(t: Tree): Tree {
  let best = t;
  for (let budget = 2_000; budget > 0; ) {
    let smaller: Tree | undefined;
    for (const candidate of shrinks(best)) {
      if (--budget <= 0) break;
      if (missed(render(candidate))) {
        smaller = candidate;
        break;
      }
    }
    if (!smaller) break;
    best = smaller;
  }
  return best;
}

/** What one run found: the counts, and each disagreement shrunk to its minimal command line. */
export interface OracleResult {
  /** tree-sitter's reading of a known line, to show the oracle reads words the way bash does. */
  sample: SeenCommand[] | null;
  unclosed: SeenCommand[] | null;
  compared: number;
  commands: number;
  skipped: number;
  failures: string[];
}

export function runOracle(count: number): OracleResult {
  const next = generator(SEED);
  const failures = new Map<string, string>();
  let compared = 0;
  let commands = 0;
  let generated = 0;
  // Lines tree-sitter cannot parse, or misreads (see treeSitterCommands), are skipped; generate until `count` are compared.
  for (; compared < count && generated < count * 5; generated++) {
    const tree = next();
    const text = render(tree);
    const seen = treeSitterCommands(text);
    if (!seen) continue;
    compared++;
    commands += seen.length;
    if (!missed(text) || failures.size >= 5) continue;
    const minimal = render(shrink(tree));
    const m = missed(minimal)!;
    failures.set(minimal, `${JSON.stringify(minimal)}: tree-sitter runs ${JSON.stringify(m.missing)}; the splitter gives ${JSON.stringify(m.segments)}`);
  }
  return {
    sample: treeSitterCommands("FOO=1 s'u'do -rf \"a b\" $(ls x) | grep y"),
    unclosed: treeSitterCommands("echo 'unclosed"),
    compared,
    commands,
    skipped: generated - compared,
    failures: [...failures.values()],
  };
}

if (import.meta.main) console.log(JSON.stringify(runOracle(Number(process.argv[2] ?? 2_000))));
