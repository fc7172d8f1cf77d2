/**
 * The streaming half of HTML to markdown: one pass of HTMLRewriter (`#html`) drops everything a
 * reader of the page's content does not need — scripts, styles, navigation, sidebars, footers,
 * cookie banners, hidden elements, forms — makes links absolute, and marks where `main` and
 * `article` start and end, so the content region can be picked once the page is through.
 */
import { rewriteHtml } from "#html";
import type { ElementHandlers, HtmlElement, RewriteRules } from "../runtime/html.types.ts";

export interface CleanedHtml {
  /** The content region's HTML (main, the articles, or the whole body). */
  html: string;
  /** `<title>`, else `og:title`; empty when the page has neither. */
  title: string;
  /** Which region was kept. */
  region: "main" | "article" | "body";
}

/** Always dropped with everything inside them. */
const DROP = [
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "object",
  "embed",
  "canvas",
  "video",
  "audio",
  "picture",
  "link",
  "meta",
  "button",
  "input",
  "select",
  "textarea",
  "dialog",
  "clipboard-copy",
  "nav",
  "footer",
  "[role=navigation]",
  "[role=contentinfo]",
  "[role=search]",
  "[role=dialog]",
  "[aria-modal=true]",
  "[aria-label=breadcrumb]",
  "[aria-label=Breadcrumb]",
  "[class*=breadcrumb]",
  "[class*=skip-link]",
  "[class*=skip-to]",
  // A page's own table of contents (DocBook's `div.toc`, AsciiDoc's and MediaWiki's `#toc`): it
  // repeats the headings below and documents nothing, and it filled the top section's snippet.
  "div.toc",
  "#toc",
  // Hidden from readers.
  "[hidden]",
  "[aria-hidden=true]",
  '[style*="display:none"]',
  '[style*="display: none"]',
  '[style*="visibility:hidden"]',
  '[style*="visibility: hidden"]',
  ".sr-only",
  ".visually-hidden",
  ".screen-reader-text",
  // Cookie and consent banners, by the names the common ones use.
  "[id*=cookie-banner]",
  "[class*=cookie-banner]",
  "[id*=cookie-consent]",
  "[class*=cookie-consent]",
  "[id*=cookie-notice]",
  "[class*=cookie-notice]",
  "[id*=cookieconsent]",
  "[class*=cookieconsent]",
  "[class*=CookieBanner]",
  "[class*=CookieConsent]",
  "[id^=onetrust]",
  "[class*=onetrust]",
  "[id*=CybotCookiebot]",
  "[id*=consent-banner]",
  "[class*=consent-banner]",
  "[class*=cc-window]",
  "[id*=gdpr]",
  "[class*=gdpr-]",
  // Heading permalinks and code line numbers: noise in every chunk they touch.
  "a.headerlink",
  "a.hash-link",
  "a.anchor",
  "a.anchor-link",
  "a.header-anchor",
  "a.heading-anchor",
  "a.direct-link",
  ".linenos",
  ".lineno",
  ".line-numbers-rows",
  ".blob-num",
  ".hljs-ln-numbers",
];

/** Dropped only outside main/article: page chrome there, a callout or article header inside. */
const CHROME_OUTSIDE_CONTENT = ["header", "aside", "[role=banner]", "[role=complementary]"];

const CONTENT = { main: "main, [role=main]", article: "article" } as const;

const MARK = /<!--ctxmode:(\/?)(main|article|body):(\d+)-->/g;

/**
 * Cleans a page streamed as UTF-8 bytes. `baseUrl` is the page's final URL: relative links are
 * resolved against it (or against the page's `<base href>`).
 */
export async function cleanHtml(input: AsyncIterable<Uint8Array>, baseUrl: string): Promise<CleanedHtml> {
  let base = baseUrl;
  let title = "";
  let ogTitle = "";
  let inContent = 0;
  let seq = 0;
  const remove: ElementHandlers = { element: (el) => void el.remove() };
  const mark = (kind: "main" | "article") => ({
    element(el: HtmlElement) {
      const id = ++seq;
      inContent++;
      el.before(`<!--ctxmode:${kind}:${id}-->`, { html: true });
      el.onEndTag((end) => {
        inContent--;
        end.after(`<!--ctxmode:/${kind}:${id}-->`, { html: true });
      });
    },
  });
  const rules: RewriteRules = {
    elements: [
      ["base[href]", { element: (el) => void (base = absolute(el.getAttribute("href") ?? "", base) ?? base) }],
      ["title", { text: (t) => void (title += t.text), element: (el) => void el.remove() }],
      ['meta[property="og:title"]', { element: (el) => void (ogTitle ||= el.getAttribute("content") ?? "") }],
      [CONTENT.main, mark("main")],
      [CONTENT.article, mark("article")],
      [
        "body",
        {
          element(el) {
            el.prepend("<!--ctxmode:body:0-->", { html: true });
            el.onEndTag((end) => void end.before("<!--ctxmode:/body:0-->", { html: true }));
          },
        },
      ],
      ...DROP.map((selector): [string, ElementHandlers] => [selector, remove]),
      ...CHROME_OUTSIDE_CONTENT.map((selector): [string, ElementHandlers] => [selector, { element: (el) => void (inContent === 0 && el.remove()) }]),
      ["a[href]", { element: (el) => rewriteLink(el, base) }],
      ["img", { element: (el) => replaceImage(el) }],
    ],
    document: { comments: (c) => void c.remove() },
  };
  const decoder = new TextDecoder();
  let out = "";
  await rewriteHtml(input, rules, (chunk) => {
    out += decoder.decode(chunk, { stream: true });
  });
  out += decoder.decode();
  const picked = pickRegion(out);
  return {
    html: picked.html,
    title: decodeEntities(title || ogTitle)
      .replace(/\s+/g, " ")
      .trim(),
    region: picked.region,
  };
}

function absolute(href: string, base: string): string | undefined {
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

/** Absolute http(s) links stay; in-page `#fragment` and `javascript:` links become plain text. */
function rewriteLink(el: HtmlElement, base: string): void {
  const href = (el.getAttribute("href") ?? "").trim();
  const url = href.startsWith("#") ? undefined : absolute(href, base);
  if (url && /^(?:https?|mailto):/i.test(url)) el.setAttribute("href", url);
  else el.removeAttribute("href");
}

/** An image becomes its alt text (what a reader without it would get), or nothing. */
function replaceImage(el: HtmlElement): void {
  const alt = (el.getAttribute("alt") ?? "").replace(/\s+/g, " ").trim();
  if (alt) el.replace(` ${escapeHtml(alt)} `, { html: true });
  else el.remove();
}

interface Region {
  kind: "main" | "article" | "body";
  start: number;
  end: number;
  /** Nested inside another region of the same kind. */
  nested: boolean;
}

/**
 * Picks the content: the articles when they hold most of the main text (a docs page), else the
 * largest `main`, else the body. A region that holds under a quarter of the body's text (a
 * teaser card marked up as `article`) loses to the body.
 */
function pickRegion(html: string): { html: string; region: CleanedHtml["region"] } {
  const open = new Map<string, number>();
  const regions: Region[] = [];
  for (const m of html.matchAll(MARK)) {
    const key = `${m[2]}:${m[3]}`;
    if (m[1] === "") open.set(key, m.index + m[0].length);
    else if (open.has(key)) {
      regions.push({ kind: m[2] as Region["kind"], start: open.get(key)!, end: m.index, nested: false });
      open.delete(key);
    }
  }
  // An element whose end tag never came runs to the end of the page.
  for (const [key, start] of open) regions.push({ kind: key.split(":")[0] as Region["kind"], start, end: html.length, nested: false });
  for (const r of regions) r.nested = regions.some((o) => o !== r && o.kind === r.kind && o.start < r.start && r.end <= o.end);
  const body = regions.find((r) => r.kind === "body") ?? { kind: "body", start: 0, end: html.length, nested: false };
  const slice = (r: Region) => html.slice(r.start, r.end);
  const bodyText = textLength(slice(body));
  const articles = regions.filter((r) => r.kind === "article" && !r.nested).sort((a, b) => a.start - b.start);
  const mains = regions.filter((r) => r.kind === "main" && !r.nested).sort((a, b) => textLength(slice(b)) - textLength(slice(a)));
  const articleHtml = articles.map(slice).join("\n");
  const articleText = textLength(articleHtml);
  const mainText = mains[0] ? textLength(slice(mains[0])) : 0;
  const enough = (n: number) => n > 0 && n >= bodyText * 0.25;
  let chosen: { html: string; region: CleanedHtml["region"] };
  if (articles.length && enough(articleText) && articleText >= mainText * 0.5) chosen = { html: articleHtml, region: "article" };
  else if (mains[0] && enough(mainText)) chosen = { html: slice(mains[0]), region: "main" };
  else chosen = { html: slice(body), region: "body" };
  return { html: chosen.html.replace(MARK, ""), region: chosen.region };
}

function textLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim().length;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  middot: "·",
  raquo: "»",
  laquo: "«",
};

/** Title text arrives raw from the rewriter: decode the entities a title uses. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
}
