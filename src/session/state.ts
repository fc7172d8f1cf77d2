import { oneLine } from "./events.ts";
import type { JournalRow } from "./journal.ts";

const HEADER = "## Session state (saved by ctxmode before compaction)";
const FOOTER = "Continue the last request; do not ask the user to repeat it. Full rows: ctx_resume(seq: N).";

interface Item {
  text: string;
}

interface Section {
  title: string;
  /** `line`: `Title: item`; `inline`: `Title: a, b, c`; `list`: a `- item` line each. */
  style: "line" | "inline" | "list";
  /** Critical sections are filled before any lower one gets a byte. */
  critical: boolean;
  items: Item[];
}

/**
 * The state block injected after compaction: at most `budget` bytes (UTF-8). Critical sections
 * (last request, open tasks, files modified, unresolved errors, decisions, rules files) are filled
 * first, one item per section per round, so every one of them shows before any gets a second
 * line; lower sections then share what is left the same way. A line cut short ends with a
 * `ctx_resume(seq: N)` pointer to its full row. The same rows always give the same bytes.
 */
export function buildStateBlock(rows: JournalRow[], budget: number): string {
  if (rows.length === 0) return "";
  const sections = sectionsOf(rows);
  const size = (s: string) => Buffer.byteLength(s);
  let used = size(HEADER) + 1 + size(FOOTER);
  const chosen = sections.map(() => 0);

  /** Bytes that adding the section's next item costs, its title included when it is the first. */
  const cost = (s: Section, n: number): number => {
    const item = size(s.items[n]!.text);
    if (s.style === "list") return (n === 0 ? size(s.title) + 2 : 0) + 3 + item;
    if (s.style === "inline") return n === 0 ? size(s.title) + 3 + item : 2 + item;
    return n === 0 ? size(s.title) + 3 + item : Number.POSITIVE_INFINITY;
  };

  for (const critical of [true, false]) {
    const blocked = new Set<number>();
    let progress = true;
    while (progress) {
      progress = false;
      sections.forEach((s, i) => {
        if (s.critical !== critical || blocked.has(i) || chosen[i]! >= s.items.length) return;
        const c = cost(s, chosen[i]!);
        if (used + c > budget) {
          blocked.add(i);
          return;
        }
        used += c;
        chosen[i]! += 1;
        progress = true;
      });
    }
  }

  const out = [HEADER];
  sections.forEach((s, i) => {
    const n = chosen[i]!;
    if (n === 0) return;
    const items = s.items.slice(0, n).map((it) => it.text);
    const rest = s.items.length - n;
    let note = rest > 0 ? ` (+${rest} more)` : "";
    if (note && used + size(note) > budget) note = "";
    used += size(note);
    if (s.style === "list") out.push(`${s.title}:${note}`, ...items.map((t) => `- ${t}`));
    else out.push(`${s.title}: ${items.join(", ")}${note}`);
  });
  out.push(FOOTER);
  return out.join("\n");
}

function sectionsOf(rows: JournalRow[]): Section[] {
  const byType = (type: string) => rows.filter((r) => r.type === type);
  const recent = (list: JournalRow[]) => [...list].sort((a, b) => b.at - a.at || b.seq - a.seq);
  const item = (r: JournalRow, max: number): Item => {
    const text = oneLine(r.data, max);
    const clipped = text.length < r.data.replace(/\s+/g, " ").trim().length;
    return { text: clipped ? `${text} [ctx_resume(seq: ${r.seq})]` : text };
  };
  const unique = (list: JournalRow[], max: number) => {
    const seen = new Set<string>();
    return list.filter((r) => (seen.has(r.data) ? false : (seen.add(r.data), true))).map((r) => item(r, max));
  };
  const prompts = recent(byType("prompt"));
  const section = (title: string, style: Section["style"], critical: boolean, items: Item[]): Section => ({ title, style, critical, items });
  return [
    section(
      "Last request",
      "line",
      true,
      prompts.slice(0, 1).map((r) => item(r, 300)),
    ),
    section(
      "Open tasks",
      "list",
      true,
      byType("task")
        .filter((r) => !r.resolved)
        .map((r) => item(r, 120)),
    ),
    section("Files modified", "inline", true, unique(recent([...byType("file_edit"), ...byType("file_write")]), 100)),
    section(
      "Unresolved errors",
      "list",
      true,
      recent(byType("error").filter((r) => !r.resolved)).map((r) => item(r, 160)),
    ),
    section(
      "Decisions",
      "list",
      true,
      recent(byType("decision")).map((r) => item(r, 140)),
    ),
    section("Rules files", "inline", true, unique(byType("rule"), 100)),
    section(
      "Plan",
      "line",
      false,
      recent(byType("plan"))
        .slice(0, 1)
        .map((r) => item(r, 200)),
    ),
    section("Git", "inline", false, unique(recent(byType("git")), 80)),
    section("Environment", "list", false, unique(recent(byType("env")), 100)),
    section(
      "Subagent findings",
      "list",
      false,
      recent(byType("finding")).map((r) => item(r, 140)),
    ),
    section(
      "Earlier requests",
      "list",
      false,
      prompts.slice(1, 4).map((r) => item(r, 120)),
    ),
    section("Files read", "inline", false, unique(recent(byType("file_read")), 80)),
    section("MCP tools", "inline", false, unique(recent(byType("mcp")), 60)),
    section("Skills", "inline", false, unique(byType("skill"), 40)),
    section("References", "inline", false, unique(recent(byType("ref")), 100)),
  ];
}
