import { appendAt, member, parseJsonc, removeChild, replaceNode, sameJson, setPath, toValue, withObject, type JsonNode } from "./jsonc.ts";
import type { FileEdit } from "./hosts.ts";
import { checkTomlEdit, holdsBody } from "./toml-check.ts";
import { checkToml, removeTable, setTable } from "./toml-table.ts";
import { SECTION_END, SECTION_START } from "../hooks/instructions.ts";

/** The file's text after setup's change; `before` is null when the file does not exist yet. */
export function applyEdit(edit: FileEdit, before: string | null): string {
  if (edit.kind === "toml") {
    const text = before ?? "";
    checkToml(text);
    // Already holding our values, in whatever shape and layout: left as it is.
    if (holdsBody(text, edit.table, edit.body)) return text;
    const after = setTable(text, edit.table, edit.body);
    checkTomlEdit(text, after, edit.table, edit.body);
    return after;
  }
  if (edit.kind === "section") return setSection(before ?? "", edit.section);
  if (edit.kind === "file") return edit.content;
  let text = before === null ? "{}\n" : withObject(before);
  parseJsonc(text);
  for (const { at, value } of edit.set) {
    if (!sameJson(valueAt(parseJsonc(text), at), value)) text = setPath(text, at, value);
  }
  for (const { at, entry, marker } of edit.hooks) {
    const list = nodeAt(parseJsonc(text), at);
    const ours = list?.kind === "array" ? list.items.find((n) => JSON.stringify(toValue(n)).includes(marker)) : undefined;
    if (!ours) text = appendAt(text, at, entry);
    // Ours but stale (the binary moved): replaced in place, keeping its position among the user's hooks.
    else if (!sameJson(toValue(ours), entry)) text = replaceNode(text, ours, entry);
  }
  return text;
}

/**
 * Takes setup's change back out of a file someone edited since setup (an unchanged file is restored
 * from its backup instead, byte for byte). Containers setup created stay, empty.
 */
export function removeEdit(edit: FileEdit, text: string): string {
  if (edit.kind === "toml") {
    const after = removeTable(text, edit.table);
    if (after !== text) checkTomlEdit(text, after, edit.table, undefined);
    return after;
  }
  if (edit.kind === "section") return removeSection(text);
  // A skill the user edited is theirs now: left in place.
  if (edit.kind === "file") return text;
  for (const { at, marker } of edit.hooks) {
    const list = nodeAt(parseJsonc(text), at);
    const ours = list?.kind === "array" ? list.items.find((n) => JSON.stringify(toValue(n)).includes(marker)) : undefined;
    if (list && ours) text = removeChild(text, list, ours);
  }
  for (const { at } of edit.set) {
    if (at[0] === "version") continue;
    const parent = nodeAt(parseJsonc(text), at.slice(0, -1));
    const node = member(parent, at[at.length - 1]!);
    if (parent && node) text = removeChild(text, parent, node);
  }
  return text;
}

function nodeAt(root: JsonNode, path: string[]): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const k of path) node = member(node, k);
  return node;
}

function valueAt(root: JsonNode, path: string[]): unknown {
  const node = nodeAt(root, path);
  return node === undefined ? undefined : toValue(node);
}

/** Replaces the delimited ctxmode section, or appends it; never a second copy. */
function setSection(text: string, section: string): string {
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  if (start >= 0 && end > start) return text.slice(0, start) + section + text.slice(end + SECTION_END.length);
  const sep = text === "" ? "" : text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${sep}${section}\n`;
}

function removeSection(text: string): string {
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  if (start < 0 || end < start) return text;
  return (text.slice(0, start).replace(/\n\n$/, "\n") + text.slice(end + SECTION_END.length).replace(/^\n/, "")).replace(/^\n$/, "");
}
