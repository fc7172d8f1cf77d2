/**
 * A heading with nothing of its own before its first subsection is stored as its heading and the
 * list of its subsections (chunk/markdown.ts). As a search hit, that says little; its snippet shows
 * what a reader scrolling past the heading sees instead.
 */
import type { Database } from "./db.ts";

/** The chunk a hit is for. */
export interface HitChunk {
  doc_id: number;
  seq: number;
  title: string;
  body: string;
  line_end: number;
}

/** A section that is its heading and the list of its subsections alone. */
const HEADING_ONLY = /^[^\n]*\n\nSections: [^\n]*$/;

/** Most subsections read to show what is under a heading-only section and where it ends. */
const BELOW_MAX = 64;

/**
 * What a heading-only section holds, within `budget`: its heading and the list of its subsections,
 * then their text in order ("strace startup options" shows the first options under Startup, not
 * only their names). `lineEnd`: where the last subsection read ends, so the hit's lines span the
 * section. Undefined for any other chunk, or one with no subsection after it.
 */
export function sectionBelow(db: Database, row: HitChunk, budget: number): { text: string; lineEnd: number } | undefined {
  if (!HEADING_ONLY.test(row.body)) return undefined;
  const prefix = `${row.title} > `;
  const rows = db
    .prepare<{ title: string; body: string; line_end: number }>(
      `SELECT title, substr(body, 1, $room) AS body, line_end FROM chunks WHERE doc_id = $doc AND seq > $seq ORDER BY seq LIMIT ${BELOW_MAX}`,
    )
    .all({ doc: row.doc_id, seq: row.seq, room: budget });
  const parts = [headWithList(row.body, Math.floor(budget / 3))];
  let size = parts[0]!.length;
  let lineEnd = row.line_end;
  for (const r of rows) {
    if (!r.title.startsWith(prefix)) break;
    lineEnd = Math.max(lineEnd, r.line_end);
    if (size < budget) {
      parts.push(r.body);
      size += r.body.length + 2;
    }
  }
  return parts.length > 1 ? { text: parts.join("\n\n"), lineEnd } : undefined;
}

/** The heading and its list of subsections, the list cut after a whole name when longer than `max`. */
function headWithList(body: string, max: number): string {
  if (body.length <= max) return body;
  const cut = body.lastIndexOf(" · ", max);
  return cut > body.indexOf("Sections: ") ? `${body.slice(0, cut)} · …` : body.slice(0, body.indexOf("\n"));
}
