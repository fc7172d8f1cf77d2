/**
 * The stored files a query word names: "what does mawk's system() give back" names
 * `fresh/mawk.1.txt`, "fastify tell the browser to start fetching early" names
 * `fastify-Reply.md`. The answer is in that file even when the question's other words are rarer
 * elsewhere, so search.ts adds a candidate list from each named file's own chunks.
 *
 * A word names a file when it is one of the words of the file's name (rank.ts fileName), as typed
 * or by its porter stem (`logging` for "log"). A word that names more than MAX_NAMED files
 * (`readme`, `index`, `part`) narrows nothing and names none.
 */
import { changeStamp, type Database } from "./db.ts";
import { stem, stemsHere } from "./porter.ts";
import { fileName } from "./rank.ts";
import { words } from "./terms.ts";

/** Most files one word may name and still tell which of them the query is about. */
export const MAX_NAMED = 3;

/** A named file's stored text: its doc and the first and last of its chunk ids. */
export interface NamedDoc {
  doc: number;
  lo: number;
  hi: number;
}

/**
 * The file-name words of every source, kept per connection. A source's label never changes (a
 * file indexed again keeps its row and gets another doc), so the words are read once per source:
 * those added since the last look alone, by id. Which doc a source holds is asked at lookup.
 */
interface Names {
  /** changeStamp when the sources were last checked. */
  stamp: string;
  /** The newest source read, and its label: another label under that id means ids were reused. */
  maxId: number;
  maxLabel: string;
  /** A word of a file name, and its stem, to the sources whose label's file name holds it; null past MAX_NAMED. */
  sources: Map<string, number[] | null>;
  /** Words already stemmed: many labels share theirs (`handler`, `index`). */
  stems: Map<string, string>;
  /** Chunk id ranges of docs looked up since the last change. */
  ranges: Map<number, NamedDoc | null>;
}

const caches = new WeakMap<Database, Names>();

function names(db: Database): Names {
  const stamp = changeStamp(db);
  let n = caches.get(db);
  if (n?.stamp === stamp) return n;
  if (n && n.maxId > 0) {
    // The newest source read is gone, or its id holds another label now: read every source again.
    const top = db.prepare<{ label: string }>("SELECT label FROM sources WHERE id = $id").get({ id: n.maxId });
    if (top?.label !== n.maxLabel) n = undefined;
  }
  if (!n) {
    n = { stamp, maxId: 0, maxLabel: "", sources: new Map(), stems: new Map(), ranges: new Map() };
    caches.set(db, n);
  }
  n.stamp = stamp;
  n.ranges.clear();
  for (const s of db.prepare<{ id: number; label: string }>("SELECT id, label FROM sources WHERE id > $max ORDER BY id").all({ max: n.maxId })) {
    n.maxId = s.id;
    n.maxLabel = s.label;
    for (const w of words(fileName(s.label))) {
      if (w.length < 2 || /^\d+$/.test(w)) continue;
      add(n, w, s.id);
      let st = n.stems.get(w);
      if (st === undefined) n.stems.set(w, (st = stemsHere(w) ? stem(w) : w));
      if (st !== w) add(n, st, s.id);
    }
  }
  return n;
}

function add(n: Names, key: string, source: number): void {
  const list = n.sources.get(key);
  if (list === null || list?.includes(source)) return;
  if (!list) n.sources.set(key, [source]);
  else if (list.length < MAX_NAMED) list.push(source);
  else n.sources.set(key, null);
}

/**
 * Which files a query word names, given as typed (lower-cased) and as the index holds it (its
 * stem or spelling fix); none when it names more than MAX_NAMED. One lookup serves every word of
 * a query: the store is checked for changes once.
 */
export function fileNamer(db: Database): (word: string, indexed: string) => NamedDoc[] {
  const n = names(db);
  const docOf = db.prepare<{ doc_id: number }>("SELECT doc_id FROM sources WHERE id = $id");
  const rangeOf = db.prepare<{ lo: number | null; hi: number | null }>("SELECT min(id) AS lo, max(id) AS hi FROM chunks WHERE doc_id = $doc");
  return (word, indexed) => {
    const typed = n.sources.get(word);
    const held = n.sources.get(indexed);
    if (typed === null || held === null) return [];
    const sources = new Set([...(typed ?? []), ...(held ?? [])]);
    if (sources.size === 0 || sources.size > MAX_NAMED) return [];
    const out = new Map<number, NamedDoc>();
    for (const id of sources) {
      const doc = docOf.get({ id })?.doc_id;
      // A source removed since its words were read names nothing.
      if (doc === undefined) continue;
      let range = n.ranges.get(doc);
      if (range === undefined) {
        const r = rangeOf.get({ doc });
        range = r?.lo == null || r.hi == null ? null : { doc, lo: r.lo, hi: r.hi };
        n.ranges.set(doc, range);
      }
      if (range) out.set(doc, range);
    }
    return [...out.values()];
  };
}
