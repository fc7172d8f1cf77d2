/** One simple command out of a shell command line. */
export interface CommandSegment {
  /** The segment as written, quotes kept, runs of unquoted blanks collapsed to one space. */
  text: string;
  /** Its words after quote removal (`"su"do` -> `sudo`); a nested substitution shows as `$(...)`. */
  words: string[];
}

interface Frame {
  /** What ends this frame: `)` for `$(` and `<(`, a backtick, or nothing at top level. */
  closer: ")" | "`" | null;
  /** What the frame leaves in its parent's word when it closes: `$(...)`, `` `...` ``, `<(...)`. */
  placeholder: string;
  inDouble: boolean;
  parenDepth: number;
  /** Inside `$((…))`, or the count of open parens of a `((…))` in this frame: `<<` is a shift there. */
  arith: boolean;
  arithParens: number;
  /** The paren depth at each open `case … esac` in this frame: a `)` at that depth ends a pattern, not the substitution. */
  cases: number[];
  /** No word yet but keywords in this segment, so a `case` here starts a case statement. */
  atCommand: boolean;
  text: string;
  words: string[];
  word: string;
  inWord: boolean;
  pendingSpace: boolean;
}

const newFrame = (closer: Frame["closer"], placeholder: string): Frame => ({
  closer,
  placeholder,
  inDouble: false,
  parenDepth: 0,
  arith: false,
  arithParens: 0,
  cases: [],
  atCommand: true,
  text: "",
  words: [],
  word: "",
  inWord: false,
  pendingSpace: false,
});

/** Characters with a meaning to the splitter in some state; everything else is copied as it is. */
const SPECIAL = new Set(["\\", "$", "`", '"', "'", "(", ")", "{", "&", ";", "|", "<", ">", "#", "\n", "\r", " ", "\t"]);
/** What may follow a `{` that opens a group: the shell needs a blank after it. */
const AFTER_BRACE = new Set([" ", "\t", "\n", "\r", undefined]);
/** A word that may stand right before a redirection operator as its file descriptor (`2>`, `{fd}>`), when unquoted. */
const FD_WORD = /^(?:\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;
/** Characters a word can start after. */
const WORD_BOUNDARY = new Set([" ", "\t", "\n", "\r", ";", "&", "|", "(", ")", "`"]);
/** What ends a here-doc delimiter word. */
const DELIMITER_END = new Set([" ", "\t", "\n", ";", "&", "|", "(", ")", "<", ">"]);
/** Words after which a `case` still starts a case statement. */
const CASE_LEAD = new Set(["!", "{", "if", "then", "elif", "else", "while", "until", "do", "time"]);

/**
 * Splits a shell command line into simple commands, in one left-to-right pass (linear time,
 * no recursion, so deep nesting cannot overflow the stack). Separators: `&&`, `||`, `;`, `|`,
 * `&`, newlines, `(`/`)` of subshells and function heads, and a `{` word that opens a group. The
 * bodies of `$(…)`, backticks and process substitutions (`<(…)`, `>(…)`) become segments of
 * their own, also inside double quotes where substitution is live; single-quoted text and
 * backslash-escaped characters never split. A redirection operator starts a word of its own
 * (`sudo>/dev/null id` is `sudo` run with `>/dev/null id`), but `2>&1`, `&>`, `>|` stay intact.
 * Comments (`#` at the start of a word) are dropped up to the end of their line. Here-doc bodies
 * are split like commands (a shell may read them: `bash <<EOF`), with their quotes and `#` taken
 * as text, up to the delimiter line. Unterminated quotes or substitutions run to the end of the input.
 */
export function parseCommand(command: string): CommandSegment[] {
  const segments: CommandSegment[] = [];
  const stack: Frame[] = [newFrame(null, "")];
  let f = stack[0]!;
  /** Backtick frames on the stack: a comment inside one ends at its closing backtick. */
  let ticks = 0;
  /** Index of the last unquoted `<`, `>` or `&` of a redirection operator, so `>&`, `>|`, `<<` stay one word. */
  let redirAt = -2;
  /** Here-docs whose `<<` was seen; their bodies start after the next unquoted newline. */
  let hereDocs: { delimiter: string; quoted: boolean; stripTabs: boolean }[] = [];
  /** Inside here-doc bodies: quotes are text up to this index (after the last delimiter line); -1 outside. */
  let bodyEnd = -1;
  let bodyDepth = 0;

  const append = (raw: string, value: string) => {
    if (f.pendingSpace && f.text) f.text += " ";
    f.pendingSpace = false;
    f.text += raw;
    f.word += value;
    f.inWord = true;
  };
  const endWord = () => {
    if (f.inWord) {
      if (f.atCommand && f.word === "case") f.cases.push(f.parenDepth);
      else if (f.words.length === 0 && f.word === "esac") f.cases.pop();
      f.atCommand &&= CASE_LEAD.has(f.word);
      f.words.push(f.word);
    }
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
    f.atCommand = true;
  };
  const open = (closer: ")" | "`", placeholder: string) => {
    if (closer === "`") ticks++;
    stack.push(newFrame(closer, placeholder));
    f = stack[stack.length - 1]!;
  };
  const close = () => {
    const { closer, placeholder } = f;
    if (closer === "`") ticks--;
    endSegment();
    stack.pop();
    f = stack[stack.length - 1]!;
    append(placeholder, placeholder);
  };
  /** Whether the word before the operator at `i` is its file descriptor: `2>`, `{fd}>`, not `""2>` or `a>`. */
  const isFd = (i: number) => {
    const start = i - f.word.length;
    return FD_WORD.test(f.word) && command.slice(start, i) === f.word && (start === 0 || WORD_BOUNDARY.has(command[start - 1]!));
  };
  /** The delimiter word after `<<` / `<<-` at `at`, quotes removed; undefined when there is none. */
  const delimiterAt = (at: number) => {
    let j = at;
    while (command[j] === " " || command[j] === "\t") j++;
    let delimiter = "";
    let quoted = false;
    while (j < command.length && !DELIMITER_END.has(command[j]!)) {
      const ch = command[j]!;
      if (ch === "'" || ch === '"') {
        quoted = true;
        let k = j + 1;
        for (; k < command.length && command[k] !== ch; k++) {
          if (ch === '"' && command[k] === "\\" && k + 1 < command.length) k++;
          delimiter += command[k];
        }
        j = k + 1;
      } else if (ch === "\\") {
        quoted = true;
        delimiter += command[j + 1] ?? "";
        j += 2;
      } else {
        delimiter += ch;
        j++;
      }
    }
    return delimiter || quoted ? { delimiter, quoted } : undefined;
  };
  /**
   * Where the bodies of the pending here-docs end, when they start at `from`: after the line that
   * is each one's delimiter in turn (leading tabs dropped for `<<-`; a line joined to the one
   * before by a backslash does not count when the delimiter is unquoted), or the end of the input.
   */
  const bodiesEnd = (from: number) => {
    let at = from;
    for (const doc of hereDocs) {
      let found = -1;
      let joined = false;
      while (at < command.length && found < 0) {
        let end = command.indexOf("\n", at);
        if (end < 0) end = command.length;
        let start = at;
        if (doc.stripTabs) while (start < end && command[start] === "\t") start++;
        if (!joined && end - start === doc.delimiter.length && command.startsWith(doc.delimiter, start)) found = end;
        let slashes = 0;
        while (!doc.quoted && end - slashes > at && command[end - slashes - 1] === "\\") slashes++;
        joined = slashes % 2 === 1;
        at = end + 1;
      }
      if (found < 0) return command.length;
    }
    return Math.min(at, command.length);
  };

  for (let i = 0; i < command.length; i++) {
    if (bodyEnd >= 0 && i >= bodyEnd) {
      // The delimiter line is done: what a body opened closes with it.
      while (stack.length > bodyDepth) close();
      endSegment();
      bodyEnd = -1;
    }
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
    const inBody = bodyEnd >= 0;
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
      open(")", "$(...)");
      if (command[i + 1] === "(") f.arith = true;
    } else if (c === "`") {
      // Quotes do not protect a backtick inside backticks: the first unescaped one closes.
      if (f.closer === "`") close();
      else open("`", "`...`");
    } else if (f.inDouble) {
      if (c === '"') {
        f.inDouble = false;
        append(c, "");
      } else append(c, c);
    } else if (inBody && (c === '"' || c === "'" || c === "#")) {
      append(c, c); // quotes and # are text in a here-doc body
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
    } else if (c === "#" && !f.inWord) {
      // A comment runs to the end of the line (or the backtick that ends the substitution it is in).
      let j = i + 1;
      while (j < command.length && command[j] !== "\n" && !(ticks > 0 && command[j] === "`")) j++;
      i = j - 1;
    } else if ((c === "<" || c === ">") && next === "(" && !inBody) {
      // Process substitution (`<(…)`, also inside a word: `x=<(…)`): its commands run too.
      i++;
      open(")", `${c}(...)`);
    } else if (c === "<" || c === ">") {
      if (c === "<" && next === "<" && command[i + 2] !== "<" && redirAt !== i - 1 && !inBody && !f.arith && f.arithParens === 0) {
        const dash = command[i + 2] === "-";
        const doc = delimiterAt(i + (dash ? 3 : 2));
        if (doc) hereDocs.push({ ...doc, stripTabs: dash });
      }
      // A redirection operator starts a word, unless it follows a file descriptor (`2>`) or another operator character.
      if (f.inWord && redirAt !== i - 1 && !isFd(i)) endWord();
      append(c, c);
      redirAt = i;
    } else if (c === "(") {
      if (f.arithParens > 0) f.arithParens++;
      else if (next === "(" && !f.inWord) f.arithParens = 1;
      if (f.closer === ")") f.parenDepth++;
      endSegment();
    } else if (c === ")") {
      if (f.arithParens > 0) f.arithParens--;
      if (f.closer === ")") endWord(); // an `esac` before it closes its case first
      if (f.closer === ")" && f.parenDepth === 0 && f.cases.at(-1) !== 0) close();
      else {
        if (f.parenDepth > 0 && f.cases.at(-1) !== f.parenDepth) f.parenDepth--;
        endSegment();
      }
    } else if (c === "{" && !f.inWord && AFTER_BRACE.has(next)) {
      // A group's commands are simple commands of their own, wherever it opens: after `function f`
      // or `x=1` too. Splitting where the shell would not (`echo { a; }`) only checks more.
      endSegment();
    } else if (c === "&" && (next === ">" || redirAt === i - 1)) {
      // &>file starts a redirection word; 2>&1 and <&3 continue one.
      if (redirAt !== i - 1) endWord();
      append(c, c);
      redirAt = i;
    } else if (c === "|" && redirAt === i - 1) {
      append(c, c); // >|file
    } else if (c === ";" || c === "|" || c === "&" || c === "\n" || c === "\r") {
      endSegment();
      if (c === "\n" && hereDocs.length > 0 && !inBody) {
        bodyEnd = bodiesEnd(i + 1);
        bodyDepth = stack.length;
        hereDocs = [];
      }
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
