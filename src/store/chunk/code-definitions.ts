/**
 * The definitions of a source file, for chunking it: which lines open one, where its chunk starts
 * (above its doc comment), how it is titled and which block it belongs to. Top-level definitions
 * in the common languages, the members of a class-like block (a Python method, a TypeScript class
 * member or documented field, a Rust `impl` function, a method of a JavaScript prototype object),
 * Go methods as their type's, and a C header's macros and declarations.
 */

import type { LineTable } from "./line-table.ts";
import { clip } from "./titles.ts";
import { escapeRegExp } from "../terms.ts";

// Column-0 starts of definitions in the common languages (TS/JS, Python, Go, Rust, Java/C#/Kotlin,
// Ruby, PHP, shell, C/C++).
const DEFINITION =
  /^(?:export\s+(?:default\s+)?|declare\s+|pub(?:\([^)]*\))?\s+|public\s+|private\s+|protected\s+|internal\s+|static\s+|final\s+|abstract\s+|sealed\s+|data\s+|open\s+|async\s+|unsafe\s+|extern\s+(?:"[^"]*"\s+)?|inline\s+)*(?:function\*?\s|class\s|interface\s|type\s+\w|enum\s|const\s|let\s|var\s|namespace\s|module\s|def\s|fn\s|func\s|struct\s|trait\s|impl\b|mod\s|object\s|record\s|fun\s|sub\s|macro_rules!|template\s*<)/;
// `name() {` shell functions and `type name(args) {` C-family functions.
const CALLABLE = /^(?:[A-Za-z_][\w:<>,*&\s]*\s[*&]*)?[A-Za-z_][\w:~]*\s*\([^;]*\)\s*(?:const\s*)?(?:\{\s*)?$/;
const NOT_CALLABLE = /^(?:if|for|while|switch|return|else|do|catch|sizeof)\b/;
const PREAMBLE = /^(?:\/\/|\/\*|\*|#(?!include|define|!)|@\w|--|;;|"""|''')/;
/** A config file by its name: `.conf`, `.ini`, systemd units, `manpath.config`, `sshd_config`. */
const CONFIG_FILE = /\.(?:conf|config|cfg|cnf|ini|properties|service|socket|timer|mount|desktop)$|(?:^|[\\/])[\w.-]+_config$/i;

/**
 * What else opens a definition at the left margin in files of a kind, by the file's name, with
 * the name it defines: a C header's macros, typedefs and `extern` declarations; a TOML table
 * (`[tool.poetry]`, `[[bin]]`); an INI section or setting; an SQL `CREATE TABLE`; a Makefile
 * target; a Dockerfile stage.
 */
const DECLARATIONS: {
  file: RegExp;
  /** `next` and `prev`: the lines below and above (a comment rule's title is written under it). */
  line: { test(line: string, next?: string, prev?: string): boolean };
  name: (line: string, next?: string, prev?: string) => string | undefined;
  /** How the chunk it opens is titled, when not by the line as written. */
  title?: (line: string, next?: string, prev?: string) => string;
  /** Where documentation runs between the code (`=head1` … `=cut`): only these declarations open definitions there. */
  docs?: { open: RegExp; close: RegExp };
  /** Only these declarations open definitions in such a file: its other lines (`endmacro()`, `set(…)`) are no definitions. */
  only?: true;
  /** Declarations also count this far in (an XML element under the root), tested without their indent. */
  maxIndent?: number;
  /** Declarations that head what follows them (a config file's banner or `[section]`): they title the chunk they open. */
  heads?: (line: string, next?: string, prev?: string) => boolean;
  /** Declarations whose chunk starts at their own line: the comment above them is the text of the one before. */
  bare?: (line: string, next?: string, prev?: string) => boolean;
}[] = [
  {
    file: /\.(?:c|h|cc|cpp|cxx|hpp|hh|hxx|m|mm)$/i,
    line: { test: (l) => C_DECLARATION.test(l) || (C_PROTOTYPE.test(l) && !C_STATEMENT.test(l)) },
    name: (l) => cName(l),
  },
  {
    // CMake: its macros and functions, and the commands and variables its reStructuredText doc
    // blocks document (`.. command:: pkg_check_modules`); a call (`set(…)`, `endmacro()`) is none.
    file: /\.cmake$|(?:^|[\\/])cmakelists\.txt$/i,
    line: /^(?:(?:macro|function)\s*\(\s*[\w-]|\.\. (?:command|variable|module|envvar)::\s+\S)/i,
    name: (l) => /^(?:macro|function)\s*\(\s*([\w-]+)/i.exec(l)?.[1] ?? /::\s+(\S+)/.exec(l)?.[1],
    title: (l) => /::\s+(\S+)/.exec(l)?.[1] ?? l,
    only: true,
  },
  {
    // Protocol Buffers: messages, services, enums, and a service's rpcs (`rpc Pull(PullRequest)
    // returns (PullResponse)`), each with the `//` comment above it; a field is none.
    file: /\.proto$/i,
    line: /^(?:message|service|enum|extend)\s+[A-Za-z_]|^rpc\s+[A-Za-z_]/,
    name: (l) => /^\s*(?:message|service|enum|extend|rpc)\s+([\w.]+)/.exec(l)?.[1],
    title: (l) => l.trim().replace(/\s*\{\s*$/, ""),
    only: true,
    maxIndent: 2,
  },
  // Tcl: `proc name {args} {`, the name namespaced as written (`::tcl::Pkg::Create`).
  { file: /\.tcl$/i, line: /^proc\s+\S/, name: (l) => /^proc\s+(\S+)/.exec(l)?.[1], only: true },
  {
    // XML: the root's elements (`<mirrors>`, `<dependencies>`), and a comment that names
    // what follows (`<!-- localRepository`, as Maven's settings.xml documents each one).
    file: /\.(?:xml|xsd|xsl|xslt|pom|plist|csproj|fsproj|vbproj|props|targets|xaml|wsdl)$/i,
    line: /^<(?:[A-Za-z_][\w:.-]*[\s>/]|!--\s+[A-Za-z_][\w:.-]*\s*$)/,
    name: (l) => /^<(?:!--\s+)?([A-Za-z_][\w:.-]*)/.exec(l.trimStart())?.[1],
    title: (l) => /^<(?:!--\s+)?([A-Za-z_][\w:.-]*)/.exec(l.trimStart())?.[1] ?? l,
    only: true,
    maxIndent: 2,
  },
  {
    // Perl's POD documentation, between the code or after it: its headings and list items (`=head2
    // Bundling`, `=item B<tempfile>`), titled by their text without the markup.
    file: /\.(?:pm|pl|pod)$/i,
    line: /^=(?:head[1-6]|item)\s+.*[A-Za-z]/,
    name: (l) => clip(podText(l), 40),
    title: podText,
    // POD runs from a command line to `=cut`; after `__END__` it runs to the end.
    docs: { open: /^(?:=[a-zA-Z]|__END__$|__DATA__$)/, close: /^=cut\b/ },
  },
  { file: /\.toml$/i, line: /^\[\[?[^\]]+\]\]?\s*(?:#.*)?$/, name: (l) => /^\[\[?\s*([^\]]+?)\s*\]/.exec(l)?.[1] },
  {
    // An INI-style config file: its `[section]` lines, and each setting, a commented-out default
    // too (`#work_mem = 4MB`, as postgresql.conf lists them, `#DEFINE pager pager`); a prose
    // comment (`# Caution: …`) is none. Its banners and the comment rules over a section's
    // opening comment (`#------` over `# Program definitions. …`) head the settings below.
    file: CONFIG_FILE,
    line: { test: (l, next, prev) => CONFIG_ENTRY.test(l) || configHeading(l, next, prev) !== undefined || documentedEntry(l, next) !== undefined },
    name: (l, next, prev) => configHeading(l, next, prev) ?? /^\[\s*([^\]]+?)\s*\]/.exec(l)?.[1] ?? /^[#;]?\s?([A-Za-z_][\w.-]*)/.exec(l)?.[1],
    title: (l, next, prev) => configHeading(l, next, prev) ?? documentedEntry(l, next) ?? l,
    heads: (l, next, prev) => configHeading(l, next, prev) !== undefined || l.startsWith("["),
    bare: (l, next, prev) => documentedEntry(l, next) !== undefined || (configBanner(l) === undefined && configHeading(l, next, prev) !== undefined),
  },
  {
    file: /\.sql$/i,
    line: /^create\s+(?:or\s+replace\s+)?(?:(?:temp|temporary|unique|materialized)\s+)*(?:table|view|index|function|procedure|trigger|type|domain|sequence|schema|extension|aggregate|policy)\b/i,
    name: (l) =>
      /\b(?:table|view|index|function|procedure|trigger|type|domain|sequence|schema|extension|aggregate|policy)\s+(?:if\s+not\s+exists\s+)?([\w."`]+)/i.exec(
        l,
      )?.[1],
  },
  {
    file: /(?:^|[\\/])(?:gnu)?makefile$|\.mk$/i,
    // Not a special target (`.PHONY: test`): it only marks the target that follows.
    line: /^(?!\.)[A-Za-z0-9_.%/$(){}-]+(?:\s+[A-Za-z0-9_.%/$(){}-]+)*\s*::?(?!=)/,
    name: (l) => /^([^\s:]+)/.exec(l)?.[1],
  },
  { file: /(?:^|[\\/])dockerfile$|\.dockerfile$/i, line: /^from\s+\S+/i, name: (l) => /\bas\s+(\S+)/i.exec(l)?.[1] ?? /^from\s+(\S+)/i.exec(l)?.[1] },
];

/** A C header's macro, typedef or `extern` declaration. */
const C_DECLARATION = /^(?:#\s*define\s|typedef\s|extern\s)/;
/**
 * A function's prototype at the left margin, its return type and the library's export macros
 * before its name, its parameters maybe on the lines below: `ZEXTERN int ZEXPORT deflateInit2
 * OF((z_streamp strm,`, `SQLITE_API int sqlite3_open(`, `GLAPI void APIENTRY glBegin (GLenum mode);`.
 */
const C_PROTOTYPE = /^(?:[A-Za-z_]\w*[\s*]+)+[A-Za-z_]\w*\s*(?:[A-Z][A-Z0-9_]*\s*)?\(/;
/** A statement or label at the margin is no prototype (`return foo(x);` in a macro's body). */
const C_STATEMENT = /^(?:return|if|for|while|switch|else|do|case|goto|sizeof)\b/;

/** A POD heading's or item's text: the command and the markup gone (`=item B<tempfile>` → `tempfile`). */
function podText(line: string): string {
  return line
    .replace(/^=\w+\s+/, "")
    .replace(/[A-Z]<<+\s+(.*?)\s+>+>/g, "$1")
    .replace(/[A-Z]<([^<>]*)>/g, (_, inner: string) => inner.replace(/^[^|]*\|/, ""))
    .trim();
}

/**
 * An INI section or a setting, a commented-out default too: `#work_mem = 4MB`, `;max_input_vars =
 * 1000`, one of a service's (`group[www] = www`), or a key and its value apart (`MANDB_MAP
 * /usr/man /var/cache/man`, `#DEFINE pager pager`, sshd_config's `#Port 22`).
 */
const CONFIG_ENTRY = /^(?:\[[^\]]+\]\s*$|[#;]?[A-Za-z_][\w.-]*(?:\[[^\]\s]*\])?\s*=|[#;]?[A-Za-z_][\w.-]*[ \t]+[^\s=#])/;

/**
 * A setting a comment documents: written as a comment at the margin (`# user[SVC] = USER`), its
 * description indented further on the comment lines below (`#     Specifies that…`), maybe
 * after an empty one. Its text.
 */
function documentedEntry(line: string, next: string | undefined): string | undefined {
  if (next === undefined || !/^[#;](?:\s{2,}\S|\s*$)/.test(next)) return undefined;
  return /^[#;] ([A-Za-z_][\w.-]*(?:\[[^\]\s]*\])?\s*=.*?)\s*$/.exec(line)?.[1];
}

/** A box's text line: `#   USERS service   #`, `; About php.ini   ;`. */
const BOXED = /^[#;]\s+([A-Za-z][^#;]*?)\s+[#;]+\s*$/;

/** Longest comment line under a rule that titles the section below it without ending a sentence. */
const SHORT_TITLE = 40;

/** A comment rule: a comment of dashes, equals signs, stars or the comment mark alone (`#------`, `######`, `; ====`). */
const COMMENT_RULE = /^(?:[#;]\s*[-=*~]{5,}|#{6,}|;{6,})\s*$/;

/**
 * The title a config file's line gives the settings below it: a banner (configBanner), or a
 * comment rule's, written on the comment line under it: its first sentence (`# Program
 * definitions.  These are…`), or the box's text (`#   USERS service   #` between two rules).
 */
function configHeading(line: string, next: string | undefined, prev?: string): string | undefined {
  const banner = configBanner(line);
  if (banner !== undefined || next === undefined) return banner;
  // A comment underlined by a rule (`# GLOBAL VARIABLES:` over `# ====`), a paragraph of its own:
  // the last line of a comment block over a rule is none.
  if (COMMENT_RULE.test(next) && !COMMENT_RULE.test(line)) {
    const text = /^[#;]\s+([A-Za-z][^#;]{2,58}?)[\s:]*$/.exec(line)?.[1];
    const apart = prev === undefined || /^\s*(?:[#;]\s*)?$/.test(prev);
    return text && apart && /^[#;]\s*[=-]/.test(next) ? text : undefined;
  }
  // A banner of its own (`; Resource Limits ;` in its box) heads the lines below it already; a
  // rule under a box's text or under a comment closes the box or underlines the comment, and
  // the comment below it is the section's text.
  if (!COMMENT_RULE.test(line) || COMMENT_RULE.test(next) || configBanner(next) !== undefined) return undefined;
  if (prev !== undefined && (configBanner(prev) !== undefined || BOXED.test(prev) || /^[#;]\s+\S*[A-Za-z]/.test(prev))) return undefined;
  const boxed = BOXED.exec(next)?.[1];
  if (boxed) return clip(boxed, 60);
  // Its first sentence, ended on its line, or a short line: a paragraph that only begins there
  // (under the rule that closes a box) names nothing.
  const text = /^[#;]\s*([A-Za-z].*?)\s*$/.exec(next)?.[1];
  const sentence = text && (/^(.+?)[.:](?:\s|$)/.exec(text)?.[1] ?? (text.length <= SHORT_TITLE ? text : undefined));
  return sentence ? clip(sentence, 60) : undefined;
}

/**
 * The title of a config file's comment banner, which heads the settings below it: php.ini's
 * `; Resource Limits ;`, postgresql.conf's `# CONNECTIONS AND AUTHENTICATION` and `# - Memory -`.
 */
function configBanner(line: string): string | undefined {
  const m = /^[#;] (?:- ([A-Z][\w ,/&()'-]{2,60}?) -|([A-Z][\w ,/&()'-]{2,60}?) ;|([A-Z][A-Z0-9 ,/&()'-]{3,60}))\s*$/.exec(line);
  return m ? (m[1] ?? m[2] ?? m[3])!.trim() : undefined;
}

/** The declarations that count as definitions in a file of this name, if any. */
export function declarationsOf(name: string): (typeof DECLARATIONS)[number] | undefined {
  return DECLARATIONS.find((d) => d.file.test(name));
}

/** A definition's name: the word after its keyword (past a Go method's receiver), or before a callable's `(`. */
const KEYWORD_NAME =
  /\b(?:function\*?|class|interface|type|enum|const|let|var|namespace|module|def|fn|func|struct|trait|mod|object|record|fun|sub|define)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/;
const CALLABLE_NAME = /([A-Za-z_~][\w:~]*)\s*\(/;
/** The block a member belongs to, and its name (`impl<T> Display for Point<T>` is Point's). */
const CONTAINER =
  /\b(?:class|interface|struct|trait|object|enum|namespace|module|record)\s+([A-Za-z_$][\w$]*)|\bimpl(?:<[^>]*>)?\s+(?:[\w:<>]+\s+for\s+)?([A-Za-z_][\w]*)/;
/**
 * A member of a class-like block without a keyword of its own: a method (`close(): void {`,
 * `public String name() {`, `async fetch<T>(`), or a function-valued field (`#onEvent = (e) => {`).
 */
const MEMBER =
  /^(?:(?:public|private|protected|internal|static|override|readonly|abstract|async|final|virtual|open|suspend|inline|get|set|synchronized)\s+)*(?:[A-Za-z_][\w<>[\],.?]*\s+)?(#?[A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*(?:\(|=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|=\s*(?:async\s+)?function\b)/;
/** A field of a class-like block (`#lastEventId: string | null = null`, `BOOLEAN_STATES = {`, `private final int size;`). */
const FIELD =
  /^(?:(?:public|private|protected|internal|static|readonly|override|declare|final|const|var|val|let)\s+)*(?:(#?[A-Za-z_$][\w$]*)\??\s*(?::\s*[^=;\s][^=;]*(?:=(?![=>])|;|$)|=(?![=>])|;)|[A-Za-z_][\w<>[\],.?]*\s+(#?[A-Za-z_$][\w$]*)\s*(?:=(?!=)|;))/;
const NOT_MEMBER =
  /^(?:if|for|while|switch|return|else|do|catch|try|throw|new|await|yield|super|this|case|default|delete|typeof|assert|print|raise|del|with|elif|except|pass)\b/;
/** Words before a member's name that its title leaves out: the class it is qualified by says enough. */
const MEMBER_PREFIX =
  /^(?:(?:public|private|protected|internal|static|override|readonly|abstract|async|final|virtual|open|suspend|inline|get|set|synchronized|pub(?:\([^)]*\))?|unsafe|const|extern)\s+)*(?:def|fn|fun|func|function\*?)\s+|^(?:(?:public|private|protected|internal|static|override|readonly|abstract|async|final|virtual|open|suspend|inline|get|set|synchronized)\s+)+/;
/**
 * A definition made by assignment at the left margin, as older JavaScript writes them:
 * `rules.code = {`, `Foo.prototype.bar = function (`, `module.exports = function`, `exports.x = (a) =>`.
 */
const ASSIGNED = /^((?:[A-Za-z_$][\w$]*\.)+)([A-Za-z_$][\w$]*)\s*=\s*(?:\{|\[|function\b|async\b|class\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/;
/** An object of methods a constructor's instances share: `Foo.prototype = {`. */
const PROTOTYPE = /^([A-Za-z_$][\w$]*)\.prototype\s*=\s*\{/;
/** A method in an object literal written with `function`: `addRule: function (key, rule) {` (shorthand `turndown(input) {` is a MEMBER). */
const OBJECT_METHOD = /^([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?function\b/;
/** Keywords a member pattern can take for a name (`stop func()`, a Go field of function type). */
const KEYWORDS = new Set(["func", "function", "fn", "def", "if", "for", "while", "return", "switch", "case", "new", "delete", "typeof"]);
/** A Go type its methods belong to: `type Client struct {`. */
const GO_TYPE = /^type\s+([A-Za-z_]\w*)(?:\[[^\]]*\])?\s+(?:struct|interface)\b/;
/** A Go method: `func (c *Client) Do(` — its receiver's type and its name. */
const GO_METHOD = /^func\s+\(\s*\w+\s+\*?([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*([A-Za-z_]\w*)/;
/** A Ruby method, whose name may be an operator or end in `?`, `!` or `=` (`def <=>(set)`, `def self.[](*ary)`). */
const RUBY_DEF = /^def\s+(?:self\.)?([^\s(;]+)/;
/** A line that opens a definition, and how its chunk is titled. */
export interface Definition {
  /** The line that opens it (0-based). */
  line: number;
  /** The line its chunk starts at: above its doc comment and decorators. */
  start: number;
  signature: string;
  name?: string;
  /** It opens a class-like block whose members are definitions too. */
  container?: boolean;
  /** Non-blank lines from its start to the next definition's. */
  lines: number;
  /** The block it belongs to: a member's class, a class-like block's own name, "" for any other. */
  scope: string;
}

/**
 * Definitions by line: top-level ones at column 0, and the members of a class-like block (the
 * lines whose nearest less indented line opens a class, struct, trait, interface or impl). In C
 * and C++ files, macros, typedefs and `extern` declarations too.
 */
export function definitions(t: LineTable, declarations?: (typeof DECLARATIONS)[number], name = ""): Definition[] {
  const out = new Map<number, Definition>();
  const docs = declarations?.docs;
  let inDocs: "pod" | "end" | undefined;
  // A here-document's lines are a string, whatever their indent: they say nothing of the blocks.
  const heredocs = HEREDOC_FILE.test(name);
  let heredocEnd: string | undefined;
  // The qualified name of each class-like block opened so far, by its line (`HttpClient.Builder`).
  const containers = new Map<number, string>();
  const instances = DECLARATION_FILE.test(name) ? declaredInstances(t) : undefined;
  // Lines with less indent than the current one, innermost last: the top is a line's parent.
  const stack: { indent: number; line: number }[] = [];
  for (let i = 0; i < t.lines.length; i++) {
    if (heredocEnd !== undefined) {
      if (t.lines[i]!.trim() === heredocEnd) heredocEnd = undefined;
      continue;
    }
    if (heredocs) heredocEnd = HEREDOC.exec(t.lines[i]!)?.[2];
    const indent = t.indents[i]!;
    if (indent < 0) continue;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    stack.push({ indent, line: i });
    const line = t.lines[i]!;
    if (docs && indent === 0) {
      if (!inDocs && docs.open.test(line)) inDocs = line.startsWith("__") ? "end" : "pod";
      else if (inDocs === "pod" && docs.close.test(line)) inDocs = undefined;
    }
    // In documentation only its own headings open definitions: its prose is no code.
    const next = t.lines[i + 1];
    const prev = t.lines[i - 1];
    if (inDocs && !(indent === 0 && declarations!.line.test(line, next, prev))) continue;
    const only = declarations?.only === true;
    if (only && indent > 0 && indent <= (declarations!.maxIndent ?? 0) && declarations!.line.test(line.trimStart())) {
      const name = declarations!.name(line);
      out.set(i, {
        line: i,
        start: preambleStart(t, i),
        signature: clip(declarations!.title?.(line) ?? line.trim(), 60),
        lines: 0,
        scope: "",
        ...(name ? { name } : {}),
      });
      continue;
    }
    if (only && indent > 0) continue;
    if (indent === 0) {
      const declared = declarations?.line.test(line, next, prev) === true;
      const assigned = only ? null : ASSIGNED.exec(line);
      if (declared || assigned || (!only && isDefinition(line))) {
        const goMethod = GO_METHOD.exec(line);
        const name = declared
          ? declarations!.name(line, next, prev)
          : assigned
            ? assigned[2]
            : (goMethod?.[2] ?? (KEYWORD_NAME.exec(line) ?? CALLABLE_NAME.exec(line))?.[1]);
        // A Go method is titled as its docs name it: `Client.PostForm(url string, …)`.
        const written = declared && declarations!.title ? declarations!.title(line, next, prev) : line;
        const signature = clip((goMethod ? `${goMethod[1]}.${line.slice(goMethod[0].length - goMethod[2]!.length)}` : written).replace(/\s*[{:]?\s*$/, ""), 60);
        const block = containerName(line);
        out.set(i, {
          line: i,
          start: declared && declarations!.bare?.(line, next, prev) ? i : preambleStart(t, i),
          signature,
          lines: 0,
          // A Go method belongs with its type.
          scope: block ?? goMethod?.[1] ?? "",
          ...(name ? { name } : {}),
          ...(block || (declared && declarations!.heads?.(line, next, prev)) ? { container: true } : {}),
        });
      }
      continue;
    }
    if (!parent) continue;
    // A member of a class-like block, or of one nested in it (`HttpClient.Builder.connectTimeout`).
    let container = containers.get(parent.line);
    if (container === undefined) {
      const declared = containerName(t.lines[parent.line]!.trimStart());
      if (!declared) continue;
      const own = instances?.get(declared) ?? declared;
      const outer = t.indents[parent.line] === 0 ? undefined : containers.get(enclosing(stack, parent.line));
      container = outer ? `${outer}.${own}` : own;
      containers.set(parent.line, container);
    }
    const member = line.trimStart();
    if (NOT_MEMBER.test(member)) continue;
    const objectMethod = OBJECT_METHOD.exec(member)?.[1];
    const name =
      objectMethod ??
      (isDefinition(member)
        ? (RUBY_DEF.exec(member) ?? KEYWORD_NAME.exec(member) ?? CALLABLE_NAME.exec(member))?.[1]
        : (MEMBER.exec(member)?.[1] ?? fieldName(member)));
    // A keyword is no member's name (`stop func()`, a Go field of function type).
    if (!name || KEYWORDS.has(name)) continue;
    const own = member
      .replace(MEMBER_PREFIX, "")
      .replace(/^([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?function\s*/, "$1")
      // A method's return type goes before its name in Java and C#: the docs name it without (`Builder connectTimeout(` is `connectTimeout(`).
      .replace(TYPED_MEMBER, "$1")
      .replace(/\s*[{:]?\s*$/, "");
    // A class-like block nested in another is named by both, where its keyword names it: `enum
    // HttpClient.Version`, `class OptionParser.List`, as its docs and users write it.
    const nested = containerName(member);
    const qualified = nested ? own.replace(new RegExp(`(?<![\\w$])${escapeRegExp(nested)}(?![\\w$])`), `${container}.${nested}`) : own;
    const signature = clip(qualified === own ? `${container}.${own}` : qualified, 80);
    out.set(i, { line: i, start: preambleStart(t, i), signature, name, lines: 0, scope: container });
  }
  const defs = [...out.values()];
  defs.forEach((d, k) => {
    d.lines = nonBlank(t, d.start, k + 1 < defs.length ? defs[k + 1]!.start - 1 : t.lines.length - 1);
  });
  return defs;
}

/** TypeScript declarations, whose interfaces may be the types of values they declare (`declare var Object: ObjectConstructor;`). */
const DECLARATION_FILE = /\.d\.[cm]?ts$/i;
const DECLARED_VALUE = /^declare\s+(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*:\s*([A-Za-z_$][\w$]*)\s*;/;

/**
 * Interfaces a declaration file gives as the type of one value, by name: `ObjectConstructor` →
 * `Object`. Their members are what code calls on that value (`Object.freeze`), and are titled so.
 */
function declaredInstances(t: LineTable): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of t.lines) {
    const m = line.startsWith("declare") ? DECLARED_VALUE.exec(line) : null;
    if (m && m[1] !== m[2]) out.set(m[2]!, m[1]!);
  }
  return out;
}

/** A member declared with its type first (`HttpClient.Version version()`, `<T> HttpResponse<T> send(`): the name and what follows. */
const TYPED_MEMBER = /^(?:<[^>]*>\s*)?[A-Za-z_][\w.]*(?:<[^()]*>)?(?:\[\])*\s+([A-Za-z_$][\w$]*\s*\()/;

/** Files whose languages write here-documents (`<<~EOS`, `<<'XXX'`), and the line that opens one, with its end tag. */
const HEREDOC_FILE = /\.(?:rb|rake|gemspec|sh|bash|zsh|pl|pm|php)$|(?:^|[\\/])(?:gemfile|rakefile)$/i;
const HEREDOC = /<<[~-]?(['"]?)([A-Z][A-Z0-9_]*)\1(?![\w'"])/;

/** The line of the block that holds `line`: the nearest line above it on the stack with less indent. */
function enclosing(stack: { indent: number; line: number }[], line: number): number {
  const k = stack.findIndex((e) => e.line === line);
  return k > 0 ? stack[k - 1]!.line : -1;
}

/** Files whose names say YAML: their keys, not any language's keywords, are what they define. */
export const YAML_FILE = /\.ya?ml$/i;
/** A YAML key opening its line (`jobs:`, `runs-on: ubuntu-latest`, `"quoted key":`). */
const YAML_KEY = /^("[^"]*"|'[^']*'|[^\s:#"'][^:#]*?):(?:\s|$)/;
/** A key with nothing after it: a mapping or a list follows, indented. */
const YAML_OPENER = /:\s*(?:#.*)?$/;

/**
 * A YAML file's definitions: its top-level keys and list items, and the keys one level under a
 * top-level key that opens a mapping (a workflow's `jobs:` → `jobs.test`), titled by their path.
 */
export function yamlDefinitions(t: LineTable): Definition[] {
  const out: Definition[] = [];
  // The top-level key the current lines sit under, when it opens a mapping, and its first level's indent.
  let opener: string | undefined;
  let level = -1;
  for (let i = 0; i < t.lines.length; i++) {
    const indent = t.indents[i]!;
    if (indent < 0) continue;
    const line = t.lines[i]!;
    if (indent === 0) {
      if (line.startsWith("#")) continue;
      const item = line.startsWith("- ");
      const key = YAML_KEY.exec(item ? line.slice(2) : line)?.[1];
      opener = key && !item && YAML_OPENER.test(line) ? key : undefined;
      level = opener === undefined ? -1 : firstIndentUnder(t, i);
      if (!key && !item) continue;
      const signature = clip(line.replace(/:\s*$/, ""), 60);
      out.push({
        line: i,
        start: preambleStart(t, i),
        signature,
        lines: 0,
        scope: opener ?? "",
        ...(key ? { name: key } : {}),
        ...(opener ? { container: true } : {}),
      });
      continue;
    }
    // Only the first level under an opener: the nearest less indented line is the opener itself.
    if (opener === undefined || indent !== level) continue;
    const member = line.trimStart();
    const key = YAML_KEY.exec(member)?.[1];
    if (!key) continue;
    out.push({ line: i, start: preambleStart(t, i), signature: clip(`${opener}.${member.replace(/:\s*$/, "")}`, 80), name: key, lines: 0, scope: opener });
  }
  out.forEach((d, k) => {
    d.lines = nonBlank(t, d.start, k + 1 < out.length ? out[k + 1]!.start - 1 : t.lines.length - 1);
  });
  return out;
}

/** The indent of the first non-blank line after `line` (its block's first level). */
function firstIndentUnder(t: LineTable, line: number): number {
  for (let i = line + 1; i < t.lines.length; i++) if (t.indents[i]! >= 0) return t.indents[i]!;
  return -1;
}

function fieldName(member: string): string | undefined {
  const m = FIELD.exec(member);
  return m ? (m[1] ?? m[2]) : undefined;
}

/**
 * The name a C declaration declares: a macro's, a function pointer's, a prototype's or a
 * variable's. A prototype wrapped in a macro for old compilers (`deflate OF((z_streamp strm))`,
 * `gzprintf Z_ARG((gzFile file, …))`) is named by the word before the macro.
 */
function cName(line: string): string | undefined {
  return (/^#\s*define\s+(\w+)/.exec(line) ??
    /\(\s*\*\s*(\w+)\s*\)/.exec(line) ??
    /(\w+)\s+[A-Z][A-Z0-9_]*\s*\(\(/.exec(line) ??
    /(\w+)\s*\(/.exec(line) ??
    /(\w+)\s*(?:\[[^\]]*\])?\s*;/.exec(line))?.[1];
}

/**
 * The name of the class-like block a line opens (`class EventSource extends EventTarget {` →
 * EventSource, `TurndownService.prototype = {` → TurndownService), if it opens one.
 */
function containerName(line: string): string | undefined {
  const prototype = PROTOTYPE.exec(line) ?? GO_TYPE.exec(line);
  if (prototype) return prototype[1];
  if (!isDefinition(line)) return undefined;
  const m = CONTAINER.exec(line);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** True for a line that opens a top-level definition. */
function isDefinition(line: string): boolean {
  const c = line.charCodeAt(0);
  // Not whitespace, not a closing brace.
  if (Number.isNaN(c) || c === 32 || c === 9 || c === 125) return false;
  const head = line.slice(0, 200);
  return DEFINITION.test(head) || (CALLABLE.test(head) && !NOT_CALLABLE.test(head));
}

/** Most lines a block comment above a definition is read back over. */
const COMMENT_MAX = 80;

/** Block comments read back over to their opening line. */
const BLOCK_COMMENTS = [
  { open: "<!--", close: "-->" },
  { open: "/*", close: "*/" },
];

/** Where a definition's chunk starts: above the doc comments and decorators attached to it. */
function preambleStart(t: LineTable, i: number): number {
  let s = i;
  // A doc comment one blank line above still documents it (`/** … */`, a blank, `addRule: function`),
  // unless it is the one before it's: a plain `/*` block right under a declaration documents that
  // declaration (zlib.h writes each prototype's comment below it, then a blank line).
  if (s > 1 && t.indents[s - 1]! < 0 && t.lines[s - 2]!.trimEnd().endsWith("*/") && !trailsCode(t, s - 2)) s--;
  // So does a block of `#` lines that stands apart, a blank line over it too (Tcl's `# pkg_mkIndex --`
  // block over its proc); one right under code is that code's.
  else if (s > 1 && t.indents[s - 1]! < 0 && t.indents[i]! === 0 && hashBlockApart(t, s - 2)) s--;
  while (s > 0 && t.indents[s - 1]! >= 0) {
    const above = t.lines[s - 1]!.trimStart();
    // A block comment whose inner lines carry no mark of their own (a C `/* … */` as glibc
    // writes them, an XML `<!-- … -->`): back to its opening.
    const block = BLOCK_COMMENTS.find((b) => above.endsWith(b.close) && !above.startsWith(b.open));
    if (block) {
      let j = s - 1;
      while (j > 0 && s - j < COMMENT_MAX && !t.lines[j]!.includes(block.open)) j--;
      if (!t.lines[j]!.includes(block.open)) break;
      s = j;
      continue;
    }
    if (!PREAMBLE.test(above)) break;
    // A `#` comment indented deeper than the definition goes on the line above it (a setting's
    // notes in postgresql.conf, tabbed under it), not over the definition below.
    if (above.startsWith("#") && t.indents[s - 1]! > t.indents[i]!) break;
    s--;
  }
  return s;
}

/** Whether the `#` comment lines ending at line `end` (two or more, at the margin) have a blank line or the file's start above them. */
function hashBlockApart(t: LineTable, end: number): boolean {
  let j = end;
  while (j >= 0 && t.indents[j] === 0 && /^#(?!!|include|define)/.test(t.lines[j]!)) j--;
  return end - j >= 2 && (j < 0 || t.indents[j]! < 0);
}

/** Whether the block comment ending at line `end` opens with a plain `/*` right under a line of code. */
function trailsCode(t: LineTable, end: number): boolean {
  let j = end;
  while (j > 0 && end - j < COMMENT_MAX && !t.lines[j]!.includes("/*")) j--;
  const open = t.lines[j]!.trimStart();
  if (!open.startsWith("/*") || open.startsWith("/**") || j === 0 || t.indents[j - 1]! < 0) return false;
  return !PREAMBLE.test(t.lines[j - 1]!.trimStart());
}

/** Non-blank lines from `a` to `b`. */
export function nonBlank(t: LineTable, a: number, b: number): number {
  let n = 0;
  for (let i = a; i <= b; i++) if (t.indents[i]! >= 0) n++;
  return n;
}
