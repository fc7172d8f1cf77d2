/** The short reply for indexed pages: what was indexed, its outline, and the search to run next. */
import { quote, searchCall } from "./format.ts";
import type { PageIndexed, PageOutcome } from "../fetch/index-urls.ts";
import { formatBytes } from "../preview/clip.ts";

/** Characters of headings in a receipt: enough to show what the page covers, little enough to stay a receipt. */
const OUTLINE_CHARS = 240;
const OUTLINE_CHARS_PER_PAGE = 120;
const ITEM_CHARS = 60;

/** The reply for one page; `search` words the follow-up (the ctx_search call by default). */
export function pageReceipt(p: PageIndexed, ttlMs: number, now: number, search: (label: string) => string = searchCall): string {
  const title = p.title ? ` ${quote(p.title)} ·` : "";
  const lines =
    p.from === "index"
      ? [
          `from the index, not refetched: ${quote(p.label)} (indexed ${age(now - p.indexedAt)} ago, ttl ${age(ttlMs)}; force: true refetches) ·${title} ${chunks(p.chunks)}, ${formatBytes(p.textBytes)} ${p.kind}`,
        ]
      : [
          `indexed ${quote(p.label)} (${p.status}) ·${title} ${formatBytes(p.fetchedBytes)} fetched → ${formatBytes(p.textBytes)} ${p.kind}, ${chunks(p.chunks)}`,
        ];
  if (p.finalUrl !== p.url) lines.push(`redirected to ${p.finalUrl}`);
  const sections = outline(p.titles, p.label, OUTLINE_CHARS);
  if (sections) lines.push(`sections: ${sections}`);
  lines.push(`search: ${search(p.label)}`);
  return lines.join("\n");
}

/** The reply for several pages: a count line, one line per page, and the search to run. */
export function pagesReceipt(outcomes: PageOutcome[], sourcePrefix: string | undefined): string {
  const done = outcomes.filter((o): o is PageIndexed => o.ok);
  const fetched = done.filter((o) => o.from === "web");
  const failed = outcomes.length - done.length;
  const bytes = fetched.reduce((n, o) => n + o.fetchedBytes, 0);
  const total = done.reduce((n, o) => n + o.chunks, 0);
  const lines = [
    `${outcomes.length} URLs: ${fetched.length} fetched, ${done.length - fetched.length} from the index, ${failed} failed · ${formatBytes(bytes)} fetched, ${chunks(total)}`,
  ];
  for (const o of outcomes) {
    if (!o.ok) {
      lines.push(`- failed ${o.url}: ${o.error.message}`);
      continue;
    }
    const head = o.from === "index" ? "from the index" : `${o.status}, ${formatBytes(o.fetchedBytes)} fetched`;
    const sections = outline(o.titles, o.label, OUTLINE_CHARS_PER_PAGE);
    lines.push(`- ${quote(o.label)} (${head}) ·${o.title ? ` ${quote(o.title)} ·` : ""} ${chunks(o.chunks)}${sections ? ` · ${sections}` : ""}`);
  }
  if (done.length) {
    const scope = sourcePrefix ?? (done.length === 1 ? done[0]!.label : undefined);
    lines.push(`search: ${scope ? searchCall(scope) : `ctx_search(queries: ["…"]) (add source: one label above for one page)`}`);
  }
  return lines.join("\n");
}

/**
 * The top-level headings, from chunk titles (heading paths joined by " > "): those below the
 * page's own h1 when every chunk shares one. As many as fit in `maxChars`, then a count of the rest.
 * Line-range titles of plain text give none.
 */
function outline(titles: string[], label: string, maxChars: number): string {
  const paths = titles.filter((t) => !/ lines \d+-\d+/.test(t)).map((t) => t.replace(/ \(\d+\)$/, "").split(" > "));
  const shared = paths.length > 0 && paths.every((p) => p[0] === paths[0]![0]) && paths.some((p) => p.length > 1);
  const names: string[] = [];
  for (const p of paths) {
    const name = shared ? p[1] : p[0];
    if (name && name !== label && !names.includes(name)) names.push(name);
  }
  const shown: string[] = [];
  let used = 0;
  for (const name of names) {
    const item = name.length > ITEM_CHARS ? `${name.slice(0, ITEM_CHARS - 1)}…` : name;
    if (shown.length > 0 && used + item.length + 3 > maxChars) break;
    shown.push(item);
    used += item.length + 3;
  }
  const rest = names.length - shown.length;
  return `${shown.join(" · ")}${rest > 0 ? ` (+${rest} more)` : ""}`;
}

function chunks(n: number): string {
  return `${n} chunk${n === 1 ? "" : "s"}`;
}

/** `40 s`, `12 min`, `5 h`, `3 d`. */
function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} d`;
}
