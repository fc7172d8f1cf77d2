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

/** A title's underline in preformatted text, as the converter escapes it (`\~~~~`, `\====`, `\----`). */
const ESCAPED_UNDERLINE = /^\\([~=-])\1{2,}$/;

/**
 * Blank-line runs squeezed to one and trailing blanks dropped, outside code fences only. A title
 * underlined in preformatted text (DocBook's literal layout of a NEWS file: `Release 3.19.0 (11 Apr
 * 2022)` over `~~~~`) becomes a heading a level below the one above it, so each release is a
 * section; its underline stays, so the lines keep their numbers.
 */
function tidy(markdown: string): string {
  const out: string[] = [];
  let fence = "";
  let blank = 0;
  let level = 0;
  for (const line of markdown.split("\n")) {
    const under = fence ? null : ESCAPED_UNDERLINE.exec(line.trim());
    const title = out.length > 0 ? out[out.length - 1]!.trim() : "";
    if (under && title && title.length <= 80 && !/^(?:#|[-*+] |\d+\. )/.test(title) && line.trim().length >= title.length - 1) {
      out[out.length - 1] = `${"#".repeat(Math.min(6, level + 1))} ${title.replace(/\u00a0/g, " ")}`;
    }
    const heading = fence ? null : /^(#{1,6}) /.exec(line);
    if (heading) level = heading[1]!.length;
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
