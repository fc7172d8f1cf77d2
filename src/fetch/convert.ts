/** A fetched body to the text that gets indexed: HTML to markdown, JSON pretty-printed, text as it is. */
import { CtxError } from "../errors.ts";
import { detectKind, type ContentKind } from "../store/chunk/index.ts";
import { charsetOf, readText, toUtf8 } from "./charset.ts";
import { kindOfContentType, sniffKind, type WebKind } from "./content-kind.ts";
import type { FetchedPage } from "./fetch.ts";

interface ConvertedPage {
  /** How the chunker splits the text. */
  kind: ContentKind;
  /** What the server sent. */
  webKind: WebKind;
  text: string;
  /** The page title (HTML `<title>`, the first markdown heading), or empty. */
  title: string;
}

/** Reads and converts `page`; a type that is not text is refused before its body is read. */
export async function convertPage(page: FetchedPage): Promise<ConvertedPage> {
  let declared: WebKind | "sniff";
  try {
    declared = kindOfContentType(page.contentType, page.url);
  } catch (err) {
    page.cancel();
    throw err;
  }
  let body = page.body;
  let kind: WebKind;
  if (declared === "sniff") {
    const parts: Uint8Array[] = [];
    for await (const chunk of page.body) parts.push(chunk);
    const all = Buffer.concat(parts);
    kind = sniffKind(all, page.url);
    body = (async function* () {
      yield all;
    })();
  } else {
    kind = declared;
  }
  const charset = charsetOf(page.contentType);
  const name = new URL(page.url).pathname;
  let out: ConvertedPage;
  if (kind === "html") {
    const { htmlToMarkdown } = await import("./html.ts");
    const md = await htmlToMarkdown(toUtf8(body, charset, true), page.url);
    out = { kind: "markdown", webKind: kind, text: md.markdown, title: md.title };
  } else {
    const text = await readText(body, charset);
    if (kind === "json") {
      const pretty = prettyJson(text);
      out = pretty === undefined ? { kind: detectKind(name, text), webKind: kind, text, title: "" } : { kind: "json", webKind: kind, text: pretty, title: "" };
    } else {
      const detected = kind === "markdown" ? "markdown" : detectKind(name, text);
      out = { kind: detected, webKind: kind, text, title: detected === "markdown" ? (/^#{1,6} +(.+)$/m.exec(text)?.[1]?.trim() ?? "") : "" };
    }
  }
  if (out.text.trim() === "") {
    const why = kind === "html" ? " once navigation, scripts and hidden parts are removed" : "";
    throw new CtxError("UNREADABLE", `${page.url} has no text to index${why}`);
  }
  return out;
}

/** JSON as 2-space pretty text (line numbers then mean something), or undefined when it does not parse. */
function prettyJson(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object") return undefined;
    return JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
}
