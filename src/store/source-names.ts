/**
 * The stored files a query word names: "what does mawk's system() give back" names
 * `fresh/mawk.1.txt`, "fastify tell the browser to start fetching early" names
 * `fastify-Reply.md`. The answer is in that file even when the question's other words are rarer
 * elsewhere, so search.ts adds a candidate list from each named file's own chunks.
 *
 * A word names a file when it is one of the words of the file's name (rank.ts fileName), as typed
 * or by its porter stem (`logging` for "log"). A word that names more than MAX_NAMED files
 * (`readme`, `index`, `part`) narrows nothing and names none. The words of every label are read
 * once per connection and again only after a source is added, replaced or removed.
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

interface Names {
  /** changeStamp when `version` was last read. */
  stamp: string;
  /** Count, doc ids' sum and newest id of the sources when the words were read: a write to sources changes one. */
  version: string;
  /** A word of a file name, and its stem, to the docs whose label's file name holds it. */
  docs: Map<string, Set<number>>;
  /** Chunk id ranges of the docs looked up so far. */
  ranges: Map<number, NamedDoc>;
}

const caches = new WeakMap<Database, Names>();

function names(db: Database): Names {
  const stamp = changeStamp(db);
  const known = caches.get(db);
  if (known?.stamp === stamp) return known;
  const row = db.prepare<{ n: number; d: number; m: number | null }>("SELECT count(*) AS n, total(doc_id) AS d, max(id) AS m FROM sources").get();
  const version = `${row?.n ?? 0}:${row?.d ?? 0}:${row?.m ?? 0}`;
  if (known?.version === version) {
    known.stamp = stamp;
    return known;
  }
  const docs = new Map<string, Set<number>>();
  const add = (key: string, doc: number) => {
    let set = docs.get(key);
    if (!set) docs.set(key, (set = new Set()));
    set.add(doc);
  };
  for (const s of db.prepare<{ label: string; doc_id: number }>("SELECT label, doc_id FROM sources").all()) {
    for (const w of words(fileName(s.label))) {
      if (w.length < 2 || /^\d+$/.test(w)) continue;
      add(w, s.doc_id);
      if (stemsHere(w)) {
        const st = stem(w);
        if (st !== w) add(st, s.doc_id);
      }
    }
  }
  const fresh: Names = { stamp, version, docs, ranges: new Map() };
  caches.set(db, fresh);
  return fresh;
}

/**
 * Which files a query word names, given as typed (lower-cased) and as the index holds it (its
 * stem or spelling fix); none when it names more than MAX_NAMED. One lookup serves every word of
 * a query: the store is checked for changes once.
 */
export function fileNamer(db: Database): (word: string, indexed: string) => NamedDoc[] {
  const n = names(db);
  return (word, indexed) => {
    const docs = new Set([...(n.docs.get(word) ?? []), ...(n.docs.get(indexed) ?? [])]);
    if (docs.size === 0 || docs.size > MAX_NAMED) return [];
    const out: NamedDoc[] = [];
    for (const doc of docs) {
      let range = n.ranges.get(doc);
      if (!range) {
        const r = db.prepare<{ lo: number | null; hi: number | null }>("SELECT min(id) AS lo, max(id) AS hi FROM chunks WHERE doc_id = $doc").get({ doc });
        if (r?.lo == null || r.hi == null) continue;
        range = { doc, lo: r.lo, hi: r.hi };
        n.ranges.set(doc, range);
      }
      out.push(range);
    }
    return out;
  };
}
