/** Block structure of markdown, as much as chunking needs: headings, rules, fences, paragraphs. */

import { isBlank } from "./line-table.ts";

export type MdBlock =
  | { type: "heading"; start: number; end: number; level: number; text: string }
  | { type: "rule"; start: number; end: number }
  | { type: "fence"; start: number; end: number }
  | { type: "para"; start: number; end: number };

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const SETEXT_H1 = /^ {0,3}=+[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const HTML_HEADING = /^ {0,3}<h([1-6])(?:\s[^>]*)?>(.*?)<\/h\1>\s*$/i;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

interface Fence {
  char: string;
  length: number;
  info: string;
}

/**
 * Fences whose content is itself documentation: Context7 wraps whole API references in
 * ```APIDOC, with their own headings. Their lines are scanned as markdown, so each documented
 * parameter or caveat becomes a section a search can land on. A ```markdown fence is an example
 * (a file to write, a linter's case, an agent's definition): its headings are not the page's.
 */
const DOC_FENCES = new Set(["apidoc"]);

/** Line indices are 0-based and inclusive. Setext headings are read for `===` only; `---` is always a rule. */
export function scanMarkdown(lines: string[]): MdBlock[] {
  // Context7 nests same-length fences (```js inside ```APIDOC); once that reading fails to
  // close a fence we fall back to CommonMark for the rest, so the scan stays linear.
  return scanRange(lines, 0, lines.length, { nesting: true }, 0);
}

/** `depth` is added to heading levels: headings inside a doc fence sit under the heading before it. */
function scanRange(lines: string[], from: number, n: number, state: { nesting: boolean }, depth: number): MdBlock[] {
  const blocks: MdBlock[] = [];
  let level = depth;
  let i = from;
  while (i < n) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = fenceOpen(line);
    if (fence) {
      const end = Math.min(fenceEnd(lines, i, fence, state), n - 1);
      if (DOC_FENCES.has(fence.info.split(/\s/)[0]!.toLowerCase())) blocks.push(...scanRange(lines, i + 1, end, state, level));
      else blocks.push({ type: "fence", start: i, end });
      i = end + 1;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      level = depth + atx[1]!.length;
      blocks.push({ type: "heading", start: i, end: i, level, text: headingText(atx[2] ?? "") });
      i++;
      continue;
    }
    // A heading written as HTML on a line of its own (`<h1 align="center">Fastify</h1>`, as READMEs
    // and docs pages open) renders as one; an image alone in it (a logo) says nothing.
    const html = HTML_HEADING.exec(line);
    if (html && headingText(html[2]!) !== "") {
      level = depth + Number(html[1]);
      blocks.push({ type: "heading", start: i, end: i, level, text: headingText(html[2]!) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "rule", start: i, end: i });
      i++;
      continue;
    }
    if (i + 1 < n && SETEXT_H1.test(lines[i + 1]!)) {
      level = depth + 1;
      blocks.push({ type: "heading", start: i, end: i + 1, level, text: headingText(line) });
      i += 2;
      continue;
    }
    let j = i;
    while (j + 1 < n && startsParagraphLine(lines[j + 1]!, lines[j + 2])) j++;
    blocks.push({ type: "para", start: i, end: j });
    i = j + 1;
  }
  return blocks;
}

/**
 * A line that continues a paragraph rather than opening another block. A dash rule with text on
 * both sides is a table's row border (`------ -----` in a reStructuredText table), not a break.
 */
function startsParagraphLine(line: string, next: string | undefined): boolean {
  return !isBlank(line) && !fenceOpen(line) && !ATX.test(line) && !HTML_HEADING.test(line) && !(RULE.test(line) && (next === undefined || isBlank(next)));
}

/**
 * Inline HTML a heading may carry: an anchor to link to (`## Use Vertex AI <a id="vertex-ai"></a>`),
 * a badge, emphasis. It renders as its text, so the heading path holds that text alone.
 */
const INLINE_TAG = /<\/?(?:a|abbr|b|br|code|del|em|i|img|ins|kbd|mark|s|small|span|strong|sub|sup|u|wbr)(?:\s[^<>]*)?\/?>/gi;

/** An image (a badge) in a heading: it renders as no words. */
const IMAGE = /!\[[^\]\n]*\]\([^)\n]*\)/g;
/** A link in a heading (`[Beta.Libraries](docs/sdks/libraries/README.md)`, `[ref][1]`): its text is what renders. */
const LINK = /\[([^\]\n]+)\](?:\([^)\n]*\)|\[[^\]\n]*\])/g;

/**
 * What a heading renders as: inline tags, images and link targets dropped, outside code spans
 * (`Array<b>` in backquotes is code, not markup).
 */
export function renderedText(text: string): string {
  if (!text.includes("<") && !text.includes("](") && !text.includes("][")) return text;
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, k) => (k % 2 === 1 ? part : part.replace(INLINE_TAG, "").replace(IMAGE, "").replace(LINK, "$1")))
    .join("")
    .replace(/[ \t]{2,}/g, " ");
}

function headingText(raw: string): string {
  return renderedText(raw.replace(/[ \t]+#+[ \t]*$/, "").replace(/^#+$/, "")).trim();
}

function fenceOpen(line: string): Fence | null {
  const m = FENCE_OPEN.exec(line);
  if (!m) return null;
  const marker = m[1]!;
  const info = m[2]!.trim();
  if (marker[0] === "`" && info.includes("`")) return null;
  return { char: marker[0]!, length: marker.length, info };
}

function closes(line: string, open: Fence): boolean {
  const m = FENCE_CLOSE.exec(line);
  return m !== null && m[1]![0] === open.char && m[1]!.length >= open.length;
}

/** Index of the closing fence line, or the last line when the fence never closes. */
function fenceEnd(lines: string[], open: number, fence: Fence, state: { nesting: boolean }): number {
  if (state.nesting) {
    let depth = 0;
    for (let k = open + 1; k < lines.length; k++) {
      const line = lines[k]!;
      if (closes(line, fence)) {
        if (depth === 0) return k;
        depth--;
        continue;
      }
      const inner = fenceOpen(line);
      if (inner && inner.info !== "" && inner.char === fence.char && inner.length === fence.length) depth++;
    }
    state.nesting = false;
  }
  for (let k = open + 1; k < lines.length; k++) if (closes(lines[k]!, fence)) return k;
  return lines.length - 1;
}
