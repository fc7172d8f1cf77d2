/**
 * A local file indexed by path that is an HTML page (generated API docs, a saved page) is turned
 * into markdown the way a fetched page is, so its headings become sections; indexed as it is,
 * its markup would be chunked as code and every query would match tag soup.
 */
import { pathToFileURL } from "node:url";
import type { ContentKind } from "../store/chunk/index.ts";
import { sniffKind } from "./content-kind.ts";

const HTML_NAME = /\.(?:html?|xhtml)$/i;
/** A whole document, not a fragment: a doctype, or an html, head or body element near the top. */
const DOCUMENT = /<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]/i;
/**
 * Template syntax (Jinja/Django, Handlebars, ERB/EJS, Angular, Vue, Alpine, Thymeleaf): such a file
 * is source code, searched for its markup and logic, and stays code.
 */
const TEMPLATE = /\{\{|\{%|\{#|<%|\*ng[A-Z]|\bng-[a-z]|\bv-(?:if|for|bind|model)\b|\bx-data\b|\bth:[a-z]/;

/** Section headings and paragraphs: what a documentation page written as an HTML fragment is made of. */
const HEADING = /<h[1-6][\s>]/gi;
const PARAGRAPH = /<p[\s>]/gi;

/**
 * Whether a `.html` file without a document wrapper is a page of prose all the same: site
 * generators keep docs as body fragments (Go's spec and memory model start at an `<h2>`), while a
 * partial or a component's markup has few headings and paragraphs, if any.
 */
function isDocFragment(text: string): boolean {
  const head = text.slice(0, 65_536);
  return (head.match(HEADING)?.length ?? 0) >= 2 && (head.match(PARAGRAPH)?.length ?? 0) >= 4;
}

/**
 * The title a docs fragment names in a leading comment of JSON metadata, as Go's site keeps its
 * pages (`<!--{ "Title": "The Go Programming Language Specification", … }-->`): the fragment has no
 * `<title>` or h1 of its own, and without it no heading says which document it is.
 */
const META_TITLE = /^\s*<!--\s*\{[^}]{0,2000}?"Title"\s*:\s*"((?:[^"\\\n]|\\.){1,200})"[^}]{0,2000}\}\s*-->/;

function metaTitle(text: string): string | undefined {
  const m = META_TITLE.exec(text.slice(0, 4096));
  if (!m) return undefined;
  try {
    return (JSON.parse(`"${m[1]!}"`) as string).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the file is a page to read as text, without template syntax: a whole HTML document (by
 * its name, or by its first bytes when the name says nothing), or a `.html` file of headings and
 * paragraphs (a docs fragment).
 */
export function isHtmlPage(path: string, text: string): boolean {
  const head = text.slice(0, 2048);
  const named = HTML_NAME.test(path);
  let html = named;
  if (!html) {
    try {
      html = sniffKind(new TextEncoder().encode(head.slice(0, 1024)), path) === "html";
    } catch {
      return false;
    }
  }
  return html && (DOCUMENT.test(head) || (named && isDocFragment(text))) && !TEMPLATE.test(text.slice(0, 16_384));
}

/**
 * The text to index for a local file: a page as markdown, anything else unchanged (undefined).
 * A page with no text once navigation and scripts are gone is indexed as it is.
 */
export async function localPageText(path: string, text: string): Promise<{ text: string; kind: ContentKind } | undefined> {
  if (!isHtmlPage(path, text)) return undefined;
  const [{ htmlToMarkdown }, { escapeHtml }] = await Promise.all([import("./html.ts"), import("./html-clean.ts")]);
  const title = DOCUMENT.test(text.slice(0, 2048)) ? undefined : metaTitle(text);
  if (title) text = `<title>${escapeHtml(title)}</title>\n${text}`;
  const page = await htmlToMarkdown(
    (async function* () {
      yield new TextEncoder().encode(text);
    })(),
    pathToFileURL(path).href,
  );
  return page.markdown.trim() ? { text: page.markdown, kind: "markdown" } : undefined;
}
