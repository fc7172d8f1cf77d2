/** One simple command out of a shell command line. */
export interface CommandSegment {
  /** The segment as written, quotes kept, runs of unquoted blanks collapsed to one space. */
  text: string;
  /** Its words after quote removal (`"su"do` -> `sudo`); a nested substitution shows as `$(...)`. */
  words: string[];
}

interface Frame {
  /** What ends this frame: `)` for `$(`, a backtick, or nothing at top level. */
  closer: ")" | "`" | null;
  inDouble: boolean;
  parenDepth: number;
  text: string;
  words: string[];
  word: string;
  inWord: boolean;
  pendingSpace: boolean;
}

const newFrame = (closer: Frame["closer"]): Frame => ({
  closer,
  inDouble: false,
  parenDepth: 0,
  text: "",
  words: [],
  word: "",
  inWord: false,
  pendingSpace: false,
});

/** Characters with a meaning to the splitter in some state; everything else is copied as it is. */
const SPECIAL = new Set(["\\", "$", "`", '"', "'", "(", ")", "{", "&", ";", "|", "\n", "\r", " ", "\t"]);
/** What may follow a `{` that opens a group: the shell needs a blank after it. */
const AFTER_BRACE = new Set([" ", "\t", "\n", "\r", undefined]);

/**
 * Splits a shell command line into simple commands, in one left-to-right pass (linear time,
 * no recursion, so deep nesting cannot overflow the stack). Separators: `&&`, `||`, `;`, `|`,
 * `&`, newlines, `(`/`)` of subshells and function heads, and a `{` word that opens a group. The bodies of `$(…)` and backticks become segments of
 * their own, also inside double quotes where substitution is live; single-quoted text and
 * backslash-escaped characters never split. Redirections such as `2>&1` and `&>` stay intact.
 * Unterminated quotes or substitutions run to the end of the input.
 */
export function parseCommand(command: string): CommandSegment[] {
  const segments: CommandSegment[] = [];
  const stack: Frame[] = [newFrame(null)];
  let f = stack[0]!;

  const append = (raw: string, value: string) => {
    if (f.pendingSpace && f.text) f.text += " ";
    f.pendingSpace = false;
    f.text += raw;
    f.word += value;
    f.inWord = true;
  };
  const endWord = () => {
    if (f.inWord) f.words.push(f.word);
    f.word = "";
    f.inWord = false;
    f.pendingSpace = true;
  };
  const endSegment = () => {
    endWord();
    if (f.words.length > 0) segments.push({ text: f.text, words: f.words });
    f.text = "";
    f.words = [];
    f.pendingSpace = false;
  };
  const open = (closer: ")" | "`") => {
    stack.push(newFrame(closer));
    f = stack[stack.length - 1]!;
  };
  const close = () => {
    const closer = f.closer;
    endSegment();
    stack.pop();
    f = stack[stack.length - 1]!;
    append(closer === ")" ? "$(...)" : "`...`", closer === ")" ? "$(...)" : "`...`");
  };

  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (!SPECIAL.has(c)) {
      // A run of characters that mean nothing to the shell in any state is appended in one piece.
      let j = i + 1;
      while (j < command.length && !SPECIAL.has(command[j]!)) j++;
      const run = command.slice(i, j);
      append(run, run);
      i = j - 1;
      continue;
    }
    const next = command[i + 1];
    if (c === "\\") {
      if (next === "\n") {
        i++;
        continue;
      } // line continuation
      if (next === undefined) {
        append(c, c);
        continue;
      }
      // Inside double quotes a backslash only escapes $ ` " \ ; elsewhere it escapes anything.
      const escapes = !f.inDouble || next === "$" || next === "`" || next === '"' || next === "\\";
      append(c + next, escapes ? next : c + next);
      i++;
    } else if (c === "$" && next === "(") {
      i++;
      open(")");
    } else if (c === "`") {
      // Quotes do not protect a backtick inside backticks: the first unescaped one closes.
      if (f.closer === "`") close();
      else open("`");
    } else if (f.inDouble) {
      if (c === '"') {
        f.inDouble = false;
        append(c, "");
      } else append(c, c);
    } else if (c === '"') {
      f.inDouble = true;
      append(c, "");
    } else if (c === "'" || (c === "$" && next === "'")) {
      // '…' is fully literal; $'…' (ANSI-C) allows \' inside.
      const start = c === "$" ? i + 2 : i + 1;
      let j = start;
      while (j < command.length && command[j] !== "'") j += c === "$" && command[j] === "\\" ? 2 : 1;
      const end = Math.min(j, command.length);
      const body = command.slice(start, end);
      // The shell runs the decoded word: $'\x73udo' is `sudo`.
      append(command.slice(i, end + 1), c === "$" ? decodeAnsiC(body) : body);
      i = end;
    } else if (c === "(") {
      if (f.closer === ")") f.parenDepth++;
      endSegment();
    } else if (c === ")") {
      if (f.closer === ")" && f.parenDepth === 0) close();
      else {
        if (f.parenDepth > 0) f.parenDepth--;
        endSegment();
      }
    } else if (c === "{" && !f.inWord && AFTER_BRACE.has(next)) {
      // A group's commands are simple commands of their own, wherever it opens: after `function f`
      // or `x=1` too. Splitting where the shell would not (`echo { a; }`) only checks more.
      endSegment();
    } else if (c === "&" && (next === ">" || command[i - 1] === ">" || command[i - 1] === "<")) {
      append(c, c); // &>file, 2>&1, <&3
    } else if (c === ";" || c === "|" || c === "&" || c === "\n" || c === "\r") {
      endSegment();
    } else if (c === " " || c === "\t") {
      endWord();
    } else {
      append(c, c);
    }
  }
  while (stack.length > 1) close();
  endSegment();
  return segments;
}

/**
 * The simple commands of a command line as text (see parseCommand):
 * `echo ok && sudo rm -rf /` -> [`echo ok`, `sudo rm -rf /`].
 */
export function splitCommand(command: string): string[] {
  return parseCommand(command).map((segment) => segment.text);
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** The text of an ANSI-C quoted word (`$'…'`) as bash expands it: \xHH, \NNN, \uHHHH, \UHHHHHHHH, \cX and the simple escapes. */
function decodeAnsiC(body: string): string {
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\" || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[++i]!;
    const digits = (re: RegExp, max: number) => {
      let k = 0;
      while (k < max && i + 1 + k < body.length && re.test(body[i + 1 + k]!)) k++;
      const text = body.slice(i + 1, i + 1 + k);
      i += k;
      return text;
    };
    if (Object.hasOwn(SIMPLE_ESCAPES, n)) out += SIMPLE_ESCAPES[n];
    else if (n === "x") {
      const hex = digits(/[0-9a-fA-F]/, 2);
      out += hex ? String.fromCharCode(Number.parseInt(hex, 16)) : "\\x";
    } else if (n === "u" || n === "U") {
      const hex = digits(/[0-9a-fA-F]/, n === "u" ? 4 : 8);
      const code = hex ? Number.parseInt(hex, 16) : Number.NaN;
      out += code <= 0x10ffff ? String.fromCodePoint(code) : `\\${n}${hex}`;
    } else if (n >= "0" && n <= "7") {
      i--;
      out += String.fromCharCode(Number.parseInt(digits(/[0-7]/, 3), 8) & 0xff);
    } else if (n === "c" && i + 1 < body.length) out += String.fromCharCode(body.charCodeAt(++i) & 0x1f);
    else out += `\\${n}`;
  }
  return out;
}
