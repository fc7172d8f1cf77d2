/** Guessing a text's kind from its name and, when the name says little, its content. */

import { entryStream } from "./records.ts";
import { isRoffPage } from "./roff.ts";
import type { ContentKind } from "./types.ts";

const BY_EXTENSION: Record<string, ContentKind> = {};
for (const ext of ["md", "markdown", "mdx", "mdown", "mkd"]) BY_EXTENSION[ext] = "markdown";
for (const ext of ["json", "geojson", "ipynb", "webmanifest", "har"]) BY_EXTENSION[ext] = "json";
for (const ext of ["csv", "tsv"]) BY_EXTENSION[ext] = "csv";
// reStructuredText and AsciiDoc: their `#` comment lines are no markdown headings; their own
// titles are read where text is chunked (text-headings.ts).
for (const ext of ["rst", "rest", "adoc", "asciidoc"]) BY_EXTENSION[ext] = "text";
for (const ext of [
  "ts",
  "tsx",
  "mts",
  "cts",
  "js",
  "jsx",
  "mjs",
  "cjs",
  "py",
  "pyi",
  "go",
  "rs",
  "java",
  "kt",
  "kts",
  "scala",
  "rb",
  "php",
  "c",
  "h",
  "cc",
  "cpp",
  "cxx",
  "hpp",
  "hh",
  "cs",
  "swift",
  "m",
  "mm",
  "dart",
  "lua",
  "pl",
  "pm",
  "pod",
  "sh",
  "bash",
  "zsh",
  "fish",
  "ps1",
  "sql",
  "vue",
  "svelte",
  "astro",
  "ex",
  "exs",
  "erl",
  "hs",
  "ml",
  "clj",
  "zig",
  "nim",
  "r",
  "jl",
  "groovy",
  "gradle",
  "css",
  "scss",
  "sass",
  "less",
  "html",
  "htm",
  "xml",
  "xsd",
  "xsl",
  "xslt",
  "pom",
  "plist",
  "csproj",
  "props",
  "targets",
  "xaml",
  "tcl",
  "yaml",
  "yml",
  "toml",
  "proto",
  "graphql",
  "gql",
  "tf",
  "dockerfile",
  "makefile",
  "cmake",
  // Config files: their `#` comments are no markdown headings; settings and sections are definitions (code-definitions.ts).
  "conf",
  "config",
  "cfg",
  "cnf",
  "ini",
  "properties",
  "service",
  "socket",
  "timer",
  "mount",
  "desktop",
]) {
  BY_EXTENSION[ext] = "code";
}

/** A config file named without an extension: `ssh_config`, `sshd_config`. */
const CONFIG_NAME = /^[\w.-]+_config$/;

// How much of the text the content sniffing looks at; enough to see a document's shape.
const SNIFF_CHARS = 65_536;
const ATX_HEADING = /^ {0,3}#{1,6} +\S/gm;
// One heading alone is markdown only when a blank line follows it; "# foo" in a log is a comment.
const LONE_HEADING = /^ {0,3}#{1,6} +\S.*\n[ \t]*(?:\n|$)/m;
const FENCE = /^ {0,3}(?:```|~~~)/gm;

/**
 * Guesses the kind from the name's extension and the text: known extensions win (`.md`, `.json`,
 * `.csv`, source files); otherwise text that parses as a JSON object or array is json, and text
 * with `# ` headings or fenced code is markdown; anything else is text.
 */
export function detectKind(name: string, text: string): ContentKind {
  const base = name.trim().split(/[\\/]/).pop()!.toLowerCase();
  const dot = base.lastIndexOf(".");
  const ext = base === "cmakelists.txt" ? "cmake" : dot > 0 ? base.slice(dot + 1) : base === "dockerfile" || base === "makefile" ? base : "";
  const known = BY_EXTENSION[ext] ?? (CONFIG_NAME.test(base) ? "code" : undefined);
  if (known) return known;
  if (looksLikeJson(text)) return "json";
  const head = text.slice(0, SNIFF_CHARS);
  if (text.startsWith("#!")) return "code";
  // A changelog's `* ` bullets and `#` notes are not markdown structure: its entries are the units.
  if (entryStream(head.split("\n", 400)) >= 0) return "text";
  // A manual page's source (`.TH`, `.SH`): its `#` lines are example comments; it is read by section where text is chunked.
  if (isRoffPage(head.split("\n", 2000))) return "text";
  const headings = head.match(ATX_HEADING)?.length ?? 0;
  const fences = head.match(FENCE)?.length ?? 0;
  if (fences < 2 && headings >= 2 && commentBlocks(head)) return SHELL_LINE.test(head) ? "code" : "text";
  if (fences >= 2 || headings >= 2 || (headings === 1 && LONE_HEADING.test(head))) return "markdown";
  return "text";
}

/** Lines of `#` comments, next to each other: a script's or a config file's comment blocks. */
const HASH_LINE = /^#(?:[ \t]|$)/;
/** A shell function or assignment at the margin (`die () {`, `set_reflog_action() {`, `IFS=' '`). */
const SHELL_LINE = /^(?:[A-Za-z_][\w-]*\s*\(\)\s*\{?|[A-Za-z_]\w*=\S*)\s*$/m;

/**
 * Whether the text's `# ` lines are comment blocks rather than headings: most of them sit right
 * above or below another `#` line (`# This shell scriplet is meant to be included…` over three
 * lines). A markdown heading stands alone, with a blank line or text around it.
 */
function commentBlocks(head: string): boolean {
  const lines = head.split("\n");
  let hashes = 0;
  let inBlocks = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!HASH_LINE.test(lines[i]!)) continue;
    hashes++;
    if (HASH_LINE.test(lines[i - 1] ?? "") || HASH_LINE.test(lines[i + 1] ?? "")) inBlocks++;
  }
  return hashes >= 2 && inBlocks * 2 > hashes;
}

function looksLikeJson(text: string): boolean {
  const t = text.trim();
  const first = t.charCodeAt(0);
  const last = t.charCodeAt(t.length - 1);
  if (!((first === 123 && last === 125) || (first === 91 && last === 93))) return false;
  try {
    const v: unknown = JSON.parse(t);
    return v !== null && typeof v === "object";
  } catch {
    return false;
  }
}
