/**
 * JSONC reading and editing for host config files, on Microsoft's jsonc-parser (the one VS Code
 * uses for its own settings). Edits are text edits: every comment, blank line, key order and the
 * file's own line endings stay as they were; only the lines an insertion touches are re-indented.
 */
// The ESM build by path: the package's "main" is a UMD wrapper whose require() calls a bundler
// cannot follow, so the Node bundle would fail with "Cannot find module './impl/format'".
import {
  applyEdits,
  format,
  modify,
  parseTree,
  printParseErrorCode,
  visit,
  type FormattingOptions,
  type JSONPath,
  type Node,
} from "jsonc-parser/lib/esm/main.js";
import { CtxError } from "../errors.ts";

export type JsonNode =
  | { kind: "object"; start: number; end: number; path: JSONPath; members: JsonMember[] }
  | { kind: "array"; start: number; end: number; path: JSONPath; items: JsonNode[] }
  | { kind: "value"; start: number; end: number; path: JSONPath; value: unknown };

export interface JsonMember {
  key: string;
  keyStart: number;
  value: JsonNode;
}

/** A file that is not JSON(C): where, so the user can fix it. */
export class JsoncSyntaxError extends CtxError {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super("BAD_INPUT", `${message} at line ${line}, column ${column}`);
  }
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };

/** What each parser error code means, in the words setup prints. */
const MESSAGES: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a quoted key or '}'",
  ValueExpected: "expected a value",
  ColonExpected: "expected ':'",
  EndOfFileExpected: "unexpected text after the end",
  UnexpectedEndOfComment: "unclosed comment",
  UnexpectedEndOfString: "unclosed string",
  UnexpectedEndOfNumber: "unfinished number",
  InvalidUnicode: "invalid \\u escape",
  InvalidEscapeCharacter: "invalid escape in a string",
  InvalidCharacter: "a control character (a newline?) in a string",
};

/** The first syntax error, named by the container it is in (the parser says "CommaExpected" for both). */
function firstError(text: string): JsoncSyntaxError | undefined {
  const open: string[] = [];
  let found: JsoncSyntaxError | undefined;
  visit(
    text,
    {
      onObjectBegin: () => void open.push("}"),
      onArrayBegin: () => void open.push("]"),
      onObjectEnd: () => void open.pop(),
      onArrayEnd: () => void open.pop(),
      onError: (code, offset, _length, startLine, startCharacter) => {
        if (found) return;
        const name = printParseErrorCode(code);
        const close = open[open.length - 1] ?? "}";
        let message = MESSAGES[name] ?? name;
        if (name === "CommaExpected" || name === "CloseBraceExpected" || name === "CloseBracketExpected") message = `expected ',' or '${close}'`;
        if (name === "ValueExpected" && offset >= text.length) message = "unexpected end of file";
        found = new JsoncSyntaxError(message, startLine + 1, startCharacter + 1);
      },
    },
    PARSE_OPTIONS,
  );
  return found;
}

function toNode(n: Node, path: JSONPath): JsonNode {
  const span = { start: n.offset, end: n.offset + n.length, path };
  if (n.type === "object") {
    const members = (n.children ?? []).flatMap(({ children: [key, value] = [] }) =>
      key && value ? [{ key: key.value as string, keyStart: key.offset, value: toNode(value, [...path, key.value as string]) }] : [],
    );
    return { kind: "object", ...span, members };
  }
  if (n.type === "array") return { kind: "array", ...span, items: (n.children ?? []).map((c, i) => toNode(c, [...path, i])) };
  return { kind: "value", ...span, value: n.value };
}

/** Parses JSONC (comments, trailing commas) into offset-carrying nodes; throws JsoncSyntaxError. */
export function parseJsonc(text: string): JsonNode {
  const error = firstError(text);
  if (error) throw error;
  return toNode(parseTree(text, [], PARSE_OPTIONS)!, []);
}

/**
 * The text with `{}` after its comments when it holds no value at all (blank, or only comments),
 * so setup can add to it; any other text is returned as is.
 */
export function withObject(text: string): string {
  if (parseTree(text, [], { ...PARSE_OPTIONS, allowEmptyContent: true }) !== undefined) return text;
  const eol = lineEnding(text);
  if (text.trim() === "") return `{}${eol}`;
  const sep = text === "" || text.endsWith("\n") ? "" : eol;
  return `${text}${sep}{}${eol}`;
}

/** The plain JS value of a node. */
export function toValue(node: JsonNode): unknown {
  if (node.kind === "object") return Object.fromEntries(node.members.map((m) => [m.key, toValue(m.value)]));
  if (node.kind === "array") return node.items.map(toValue);
  return node.value;
}

/** The member node at `key` of an object node, if any. */
export function member(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return node?.kind === "object" ? node.members.find((m) => m.key === key)?.value : undefined;
}

/** Indentation unit the file uses (two spaces when it cannot tell). */
function indentUnit(text: string): string {
  const m = /\n([ \t]+)"/.exec(text);
  return m ? (m[1]!.startsWith("\t") ? "\t" : m[1]!.length >= 4 ? "    " : m[1]!.length === 1 ? " " : "  ") : "  ";
}

/** The file's line ending: its first one, else "\n". VS Code on Windows writes CRLF. */
function lineEnding(text: string): string {
  const m = /\r?\n/.exec(text);
  return m ? m[0] : "\n";
}

function formatting(text: string): FormattingOptions {
  const unit = indentUnit(text);
  return { insertSpaces: unit !== "\t", tabSize: unit === "\t" ? 1 : unit.length, eol: lineEnding(text), insertFinalNewline: false };
}

/**
 * One jsonc-parser edit (`undefined` removes). Only the inserted text is formatted, with the bracket
 * right beside it (an empty `{}` opens onto its own lines): modify's own formatting re-indents every
 * line the edit touches, spreading the user's one-line neighbour (`"gh": { "command": "gh" },`) out.
 */
function edit(text: string, path: JSONPath, value: unknown, isArrayInsertion = false): string {
  const [change] = modify(text, path, value, { isArrayInsertion });
  if (!change) return text;
  const out = applyEdits(text, [change]);
  if (!change.content) return out;
  const end = change.offset + change.content.length;
  const start = change.offset - ("{[".includes(out[change.offset - 1] || " ") ? 1 : 0);
  const range = { offset: start, length: end + ("}]".includes(out[end] || " ") ? 1 : 0) - start };
  return applyEdits(out, format(out, range, formatting(text)));
}

/**
 * Sets `path` (object keys) to `value`: replaces the value in place when the key exists, else adds
 * the member as the object's last one, creating missing parent objects. Returns the new text.
 */
export function setPath(text: string, path: string[], value: unknown): string {
  let node: JsonNode | undefined = parseJsonc(text);
  for (let d = 0; d < path.length && node; d++) {
    if (node.kind !== "object") throw new Error(`\`${path.slice(0, d).join(".")}\` is not an object`);
    node = member(node, path[d]!);
  }
  return edit(text, path, value);
}

/** Appends `value` to the array at `path` (created when missing). */
export function appendAt(text: string, path: string[], value: unknown): string {
  let node: JsonNode | undefined = parseJsonc(text);
  for (const k of path) node = member(node, k);
  if (node === undefined) return setPath(text, path, [value]);
  if (node.kind !== "array") throw new Error(`\`${path.join(".")}\` is not an array`);
  return edit(text, [...path, -1], value, true);
}

/** Replaces `node` (found by the caller) with `value`, indented like the line it starts on. */
export function replaceNode(text: string, node: JsonNode, value: unknown): string {
  return edit(text, node.path, value);
}

/**
 * Removes one member or array element from its parent, with the comma that separated it. Used
 * when a file changed after setup, so restoring the backup would undo the user's own edits.
 */
export function removeChild(text: string, _parent: JsonNode, child: JsonNode): string {
  return edit(text, child.path, undefined);
}

/** Deep equality of plain JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
