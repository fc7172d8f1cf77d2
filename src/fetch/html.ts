/**
 * HTML to markdown: the page streams through HTMLRewriter (html-clean.ts), which keeps only the
 * content region, then turndown turns that into markdown with intact code blocks and GFM tables.
 */
import TurndownService from "turndown";
import { cleanHtml, type CleanedHtml } from "./html-clean.ts";
import { addMarkdownRules } from "./markdown-rules.ts";

interface PageMarkdown {
  markdown: string;
  title: string;
  region: CleanedHtml["region"];
}

let service: TurndownService | undefined;

function turndown(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    strongDelimiter: "**",
    hr: "---",
    linkStyle: "inlined",
  });
  addMarkdownRules(service);
  return service;
}

/** Converts a page streamed as UTF-8 bytes; `url` resolves its relative links. */
export async function htmlToMarkdown(input: AsyncIterable<Uint8Array>, url: string): Promise<PageMarkdown> {
  const cleaned = await cleanHtml(input, url);
  let markdown = cleaned.html.trim() ? turndown().turndown(cleaned.html) : "";
  markdown = tidy(markdown);
  // The chunker titles every chunk by its heading path: a page without an h1 gets its <title> as one.
  if (cleaned.title && !hasTopHeading(markdown)) markdown = `# ${cleaned.title}\n\n${markdown}`;
  // The h1 is the title: a page answered later from the index shows the same one (chunk titles start with it).
  return { markdown, title: firstHeading(markdown) || cleaned.title, region: cleaned.region };
}

/** Blank-line runs squeezed to one and trailing blanks dropped, outside code fences only. */
function tidy(markdown: string): string {
  const out: string[] = [];
  let fence = "";
  let blank = 0;
  for (const line of markdown.split("\n")) {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = "";
      continue;
    }
    if (marker) fence = marker;
    const trimmed = fence ? line : line.trimEnd();
    if (trimmed === "") {
      if (++blank > 1 || out.length === 0) continue;
    } else {
      blank = 0;
    }
    out.push(trimmed);
  }
  return out.join("\n").trim();
}

function hasTopHeading(markdown: string): boolean {
  return firstHeading(markdown) !== "";
}

/** The first `# ` heading outside code fences (a shell or python comment in a block is no heading). */
function firstHeading(markdown: string): string {
  let fence = "";
  for (const line of markdown.split("\n")) {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = "";
    } else if (marker) {
      fence = marker;
    } else if (line.startsWith("# ") && line.length > 2) {
      return line.slice(2).trim();
    }
  }
  return "";
}
