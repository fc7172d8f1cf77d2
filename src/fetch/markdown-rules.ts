/**
 * turndown rules for what docs pages carry and turndown's defaults lose: code blocks kept
 * byte-exact with their language, tables as GFM tables, and headings without permalink marks.
 */
import type TurndownService from "turndown";

/** The DOM surface the rules read (turndown hands over domino nodes). */
interface DomNode {
  nodeName: string;
  nodeType: number;
  nodeValue: string | null;
  textContent: string | null;
  parentNode: DomNode | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
  querySelector?(selector: string): DomNode | null;
}

const BLOCKS_IN_CODE = new Set(["DIV", "P", "LI", "TR", "SECTION"]);

/** Adds the rules to `service` and replaces its escaping (see minimalEscape). */
export function addMarkdownRules(service: TurndownService): void {
  service.escape = minimalEscape;
  service.addRule("codeBlock", {
    filter: (node) => node.nodeName === "PRE",
    replacement: (_content, node) => fencedBlock(node as unknown as DomNode),
  });
  service.addRule("heading", {
    filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
    replacement: (content, node) => {
      const level = Number((node as unknown as DomNode).nodeName.charAt(1));
      const text = content
        .replace(/\s+/g, " ")
        .replace(/[\u200b\u00b6§]/g, "")
        .replace(/\s+#\s*$/, "")
        .trim();
      if (!text) return "";
      // A note or warning box's own title (DocBook's `<div class="note"><h3>Note</h3>`) labels the
      // box, not a section: as a heading it took every option after it into "Options > Note".
      return inCallout(node as unknown as DomNode) ? `\n\n**${text}**\n\n` : `\n\n${"#".repeat(level)} ${text}\n\n`;
    },
  });
  service.addRule("emptyLink", {
    filter: (node) => node.nodeName === "A" && (node.textContent ?? "").replace(/[\s\u200b#¶§]/g, "") === "",
    replacement: () => "",
  });
  service.addRule("tableCell", {
    filter: (node) => (node.nodeName === "TH" || node.nodeName === "TD") && isDataTable(tableOf(node as unknown as DomNode)),
    replacement: (content, node) => {
      const text = content
        .replace(/\s*\n+\s*/g, " ")
        .replace(/\|/g, "\\|")
        .trim();
      return ` ${text} |${" |".repeat(colspan(node as unknown as DomNode) - 1)}`;
    },
  });
  service.addRule("tableRow", {
    filter: (node) => node.nodeName === "TR" && isDataTable(tableOf(node as unknown as DomNode)),
    replacement: (content, node) => {
      const row = `\n|${content}`;
      if (!isFirstRow(node as unknown as DomNode)) return row;
      return `${row}\n|${" --- |".repeat(Math.max(cellCount(node as unknown as DomNode), 1))}`;
    },
  });
  service.addRule("tableSection", {
    filter: (node) => ["THEAD", "TBODY", "TFOOT"].includes(node.nodeName) && isDataTable(tableOf(node as unknown as DomNode)),
    replacement: (content) => content,
  });
  service.addRule("table", {
    filter: (node) => node.nodeName === "TABLE" && isDataTable(node as unknown as DomNode),
    replacement: (content) => `\n\n${content.replace(/^\n+/, "")}\n\n`,
  });
  service.addRule("tableCaption", {
    filter: ["caption"],
    replacement: (content) => (content.trim() ? `**${content.trim()}**\n\n` : ""),
  });
}

/**
 * Escapes only what would change the document's structure for the chunker: a line that starts
 * like a heading or a code fence. turndown's default also escapes `_`, `*` and friends in prose,
 * which splits identifiers such as snake_case for the index and for the reader.
 */
function minimalEscape(text: string): string {
  return text.replace(/^(\s*)(#{1,6}\s|`{3,}|~{3,})/gm, "$1\\$2");
}

/** A fenced block holding the code exactly as the page shows it, in a fence longer than any backtick run inside. */
function fencedBlock(pre: DomNode): string {
  const code = codeText(pre).replace(/^\n+|\s+$/g, "");
  if (!code) return "";
  const longest = Math.max(0, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
}

/** The text of a code element; `<br>` and per-line block elements become newlines (some highlighters emit no newline characters). */
function codeText(node: DomNode): string {
  let out = "";
  const walk = (n: DomNode) => {
    if (n.nodeType === 3) {
      out += n.nodeValue ?? "";
      return;
    }
    if (n.nodeName === "BR") {
      out += "\n";
      return;
    }
    for (let i = 0; i < n.childNodes.length; i++) walk(n.childNodes[i]!);
    if (BLOCKS_IN_CODE.has(n.nodeName) && !out.endsWith("\n")) out += "\n";
  };
  walk(node);
  return out;
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight|hljs-lang|brush:?)-?([A-Za-z0-9_+#.-]+)/;

/** The block's language from `language-x`, `lang-x`, `highlight-x` or `data-lang(uage)` on the pre, its code, or the wrapper. */
function codeLanguage(pre: DomNode): string {
  const code = pre.querySelector?.("code") ?? null;
  for (const node of [code, pre, pre.parentNode, pre.parentNode?.parentNode ?? null]) {
    if (!node?.getAttribute) continue;
    const data = node.getAttribute("data-language") ?? node.getAttribute("data-lang");
    if (data && /^[A-Za-z0-9_+#.-]{1,30}$/.test(data)) return data.toLowerCase();
    const m = LANGUAGE_CLASS.exec(node.getAttribute("class") ?? "");
    if (m && !/^(?:none|plaintext|text|undefined|null|source)$/i.test(m[1]!)) return m[1]!.toLowerCase();
  }
  return "";
}

function tableOf(node: DomNode): DomNode | null {
  let n = node.parentNode;
  while (n && n.nodeName !== "TABLE") n = n.parentNode;
  return n;
}

const dataTables = new WeakMap<DomNode, boolean>();

/** A table of data, not layout: no table or code block inside it (those convert as plain blocks). */
function isDataTable(table: DomNode | null): boolean {
  if (!table) return false;
  let known = dataTables.get(table);
  if (known === undefined) {
    known = !table.querySelector?.("table, pre");
    dataTables.set(table, known);
  }
  return known;
}

function isFirstRow(tr: DomNode): boolean {
  const table = tableOf(tr);
  return table?.querySelector?.("tr") === tr;
}

function colspan(cell: DomNode): number {
  return Math.min(Math.max(Number(cell.getAttribute?.("colspan") ?? 1) || 1, 1), 20);
}

/** Columns of a row: its cells, wide ones counted by their colspan. */
function cellCount(tr: DomNode): number {
  let n = 0;
  for (let i = 0; i < tr.childNodes.length; i++) {
    const c = tr.childNodes[i]!;
    if (c.nodeName === "TH" || c.nodeName === "TD") n += colspan(c);
  }
  return n;
}

/** Classes of the boxes docs set a note, tip or warning in (DocBook, Sphinx, Docusaurus, GitHub's markdown). */
const CALLOUT = /(?:^|[\s-])(?:note|tip|hint|warning|caution|important|danger|admonition|callout|alert)(?:$|[\s-])/i;

/** Whether a heading sits in such a box, within a few levels. */
function inCallout(node: DomNode): boolean {
  let parent = node.parentNode;
  for (let depth = 0; parent && depth < 3; depth++, parent = parent.parentNode) {
    if (CALLOUT.test(parent.getAttribute?.("class") ?? "")) return true;
  }
  return false;
}
