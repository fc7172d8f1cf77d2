/**
 * A local file indexed by path that is an HTML page (generated API docs, a saved page) is turned
 * into markdown the way a fetched page is, so its headings become sections; indexed as it is,
 * its markup would be chunked as code and every query would match tag soup.
 */
import { pathToFileURL } from "node:url";
import type { ContentKind } from "../store/chunk/index.ts";
import { sniffKind } from "./content-kind.ts";

const HTML_NAME = /\.(?:html?|xhtml)$/i;

/** Whether the file is a page: its name says so, or its first bytes are HTML markup. */
export function isHtmlPage(path: string, text: string): boolean {
  if (HTML_NAME.test(path)) return true;
  try {
    return sniffKind(new TextEncoder().encode(text.slice(0, 1024)), path) === "html";
  } catch {
    return false;
  }
}

/**
 * The text to index for a local file: a page as markdown, anything else unchanged (undefined).
 * A page with no text once navigation and scripts are gone is indexed as it is.
 */
export async function localPageText(path: string, text: string): Promise<{ text: string; kind: ContentKind } | undefined> {
  if (!isHtmlPage(path, text)) return undefined;
  const { htmlToMarkdown } = await import("./html.ts");
  const page = await htmlToMarkdown(
    (async function* () {
      yield new TextEncoder().encode(text);
    })(),
    pathToFileURL(path).href,
  );
  return page.markdown.trim() ? { text: page.markdown, kind: "markdown" } : undefined;
}
