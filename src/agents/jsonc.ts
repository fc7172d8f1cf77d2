/**
 * A small JSONC reader and editor for host config files. It parses into nodes that keep their
 * byte offsets, so setup edits one value in place and every comment, blank line and key order of
 * the user's file stays as it was. Hand-written because the needs are narrow (set a member,
 * append an array element) and the compiled binary carries no extra dependency.
 */

export type JsonNode =
  | { kind: "object"; start: number; end: number; members: JsonMember[] }
  | { kind: "array"; start: number; end: number; items: JsonNode[] }
  | { kind: "value"; start: number; end: number; value: unknown };

export interface JsonMember {
  key: string;
  keyStart: number;
  value: JsonNode;
}

/** A file that is not JSON(C): where, so the user can fix it. */
export class JsoncSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} at line ${line}, column ${column}`);
  }
}

/** Parses JSONC (comments, trailing commas) into offset-carrying nodes. */
export function parseJsonc(text: string): JsonNode {
  let i = 0;
  const fail = (msg: string): never => {
    const before = text.slice(0, i).split("\n");
    throw new JsoncSyntaxError(msg, before.length, before[before.length - 1]!.length + 1);
  };
  const skip = () => {
    for (;;) {
      const c = text[i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\ufeff") i++;
      else if (c === "/" && text[i + 1] === "/") while (i < text.length && text[i] !== "\n") i++;
      else if (c === "/" && text[i + 1] === "*") {
        const end = text.indexOf("*/", i + 2);
        if (end < 0) fail("unclosed comment");
        i = end + 2;
      } else return;
    }
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\n") fail("newline in string");
      i += text[i] === "\\" ? 2 : 1;
    }
    if (i >= text.length) fail("unclosed string");
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    skip();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++;
      const members: JsonMember[] = [];
      for (;;) {
        skip();
        if (text[i] === "}") break;
        if (text[i] !== '"') fail("expected a quoted key or '}'");
        const keyStart = i;
        const key = str();
        skip();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        members.push({ key, keyStart, value: value() });
        skip();
        if (text[i] === ",") i++;
        else if (text[i] !== "}") fail("expected ',' or '}'");
      }
      i++;
      return { kind: "object", start, end: i, members };
    }
    if (c === "[") {
      i++;
      const items: JsonNode[] = [];
      for (;;) {
        skip();
        if (text[i] === "]") break;
        items.push(value());
        skip();
        if (text[i] === ",") i++;
        else if (text[i] !== "]") fail("expected ',' or ']'");
      }
      i++;
      return { kind: "array", start, end: i, items };
    }
    if (c === '"') {
      const v = str();
      return { kind: "value", start, end: i, value: v };
    }
    const m = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 40));
    if (!m) fail(i >= text.length ? "unexpected end of file" : `unexpected '${c}'`);
    i += m![0].length;
    return { kind: "value", start, end: i, value: JSON.parse(m![0]) };
  };
  const root = value();
  skip();
  if (i < text.length) fail("unexpected text after the end");
  return root;
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
export function indentUnit(text: string): string {
  const m = /\n([ \t]+)"/.exec(text);
  return m ? (m[1]!.startsWith("\t") ? "\t" : m[1]!.length >= 4 ? "    " : m[1]!.length === 1 ? " " : "  ") : "  ";
}

function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** `value` as JSON indented to sit at `depthIndent` in the file. */
function render(value: unknown, depthIndent: string, unit: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, `\n${depthIndent}`);
}

/**
 * Sets `path` (object keys) to `value`: replaces the value in place when the key exists, else adds
 * the member as the object's last one, creating missing parent objects. Returns the new text.
 */
export function setPath(text: string, path: string[], value: unknown): string {
  const unit = indentUnit(text);
  let node = parseJsonc(text);
  for (let d = 0; d < path.length; d++) {
    if (node.kind !== "object") throw new Error(`\`${path.slice(0, d).join(".")}\` is not an object`);
    const next = member(node, path[d]!);
    if (next === undefined) {
      const rest = path.slice(d + 1).reduceRight<unknown>((v, k) => ({ [k]: v }), value);
      return insertMember(text, node, path[d]!, rest, unit);
    }
    if (d === path.length - 1) {
      const ind = lineIndent(text, node.members.find((m) => m.value === next)!.keyStart);
      return text.slice(0, next.start) + render(value, ind, unit) + text.slice(next.end);
    }
    node = next;
  }
  return text;
}

function insertMember(text: string, obj: JsonNode & { kind: "object" }, key: string, value: unknown, unit: string): string {
  const last = obj.members[obj.members.length - 1];
  if (!last) {
    const ind = lineIndent(text, obj.start);
    const inner = ind + unit;
    return `${text.slice(0, obj.start)}{\n${inner}${JSON.stringify(key)}: ${render(value, inner, unit)}\n${ind}}${text.slice(obj.end)}`;
  }
  const ind = lineIndent(text, last.keyStart);
  // After the last value (and its trailing comma, if the file uses them), before any comment.
  let at = last.value.end;
  const hasComma = /^\s*,/.exec(text.slice(at));
  const piece = `\n${ind}${JSON.stringify(key)}: ${render(value, ind, unit)}`;
  if (hasComma) {
    at += hasComma[0].length;
    return text.slice(0, at) + piece + "," + text.slice(at);
  }
  return text.slice(0, at) + "," + piece + text.slice(at);
}

/** Appends `value` to the array at `path` (created when missing). */
export function appendAt(text: string, path: string[], value: unknown): string {
  const unit = indentUnit(text);
  let node: JsonNode | undefined = parseJsonc(text);
  for (const k of path) node = member(node, k);
  if (node === undefined) return setPath(text, path, [value]);
  if (node.kind !== "array") throw new Error(`\`${path.join(".")}\` is not an array`);
  const last = node.items[node.items.length - 1];
  if (!last) {
    const ind = lineIndent(text, node.start);
    return `${text.slice(0, node.start)}[\n${ind + unit}${render(value, ind + unit, unit)}\n${ind}]${text.slice(node.end)}`;
  }
  const ind = lineIndent(text, last.start);
  const sameLine = text.lastIndexOf("\n", last.start - 1) < node.start;
  const sep = sameLine ? ", " : `,\n${ind}`;
  return text.slice(0, last.end) + sep + render(value, sameLine ? "" : ind, unit) + text.slice(last.end);
}

/** Replaces `node` (found by the caller) with `value`, indented like the line it starts on. */
export function replaceNode(text: string, node: JsonNode, value: unknown): string {
  return text.slice(0, node.start) + render(value, lineIndent(text, node.start), indentUnit(text)) + text.slice(node.end);
}

/**
 * Removes one member or array element from its parent, with the comma that separated it. Used
 * when a file changed after setup, so restoring the backup would undo the user's own edits.
 */
export function removeChild(text: string, parent: JsonNode, child: JsonNode): string {
  const siblings = parent.kind === "object" ? parent.members.map((m) => ({ start: m.keyStart, node: m.value })) : parent.kind === "array" ? parent.items.map((n) => ({ start: n.start, node: n })) : [];
  const at = siblings.findIndex((s) => s.node === child);
  if (at < 0) return text;
  const prev = siblings[at - 1];
  const next = siblings[at + 1];
  if (prev) {
    // From the end of the previous value (its comma stays only if a next sibling follows).
    let end = child.end;
    if (!next) {
      const comma = /^\s*,/.exec(text.slice(end));
      if (comma) end += comma[0].length;
      const prevComma = /^\s*,/.exec(text.slice(prev.node.end));
      const from = prev.node.end + (comma && prevComma ? prevComma[0].length : 0);
      return text.slice(0, from) + text.slice(end);
    }
    return text.slice(0, prev.node.end) + text.slice(child.end);
  }
  if (next) return text.slice(0, siblings[at]!.start) + text.slice(next.start);
  // The only child: leave the container empty.
  return text.slice(0, parent.start + 1) + text.slice(parent.end - 1);
}

/** Deep equality of plain JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
