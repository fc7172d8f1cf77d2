/**
 * The retrieval corpus as ctxmode indexes it: `.gz` files decompressed, HTML converted to
 * markdown by the same path a fetched page takes, everything else kept as text with its kind
 * detected from the name and content.
 *
 *   bun bench/retrieval/corpus.ts list              labels, kinds and sizes
 *   bun bench/retrieval/corpus.ts show <label>      the indexed text, with line numbers
 *   bun bench/retrieval/corpus.ts headings <label>  heading lines of a markdown/HTML source
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gunzipSync } from "node:zlib";
import { localPageText } from "../../src/fetch/local-page.ts";
import { decodeText } from "../../src/store/walk.ts";
import { detectKind, type ContentKind } from "../../src/store/chunk/index.ts";
import { DEFAULTS } from "../../src/config/constants.ts";
import type { Database } from "../../src/store/db.ts";
import { indexSources } from "../../src/store/index-source.ts";
import type { RetrievalQuery } from "./judge.ts";

export const CORPUS_DIR = join(import.meta.dir, "corpus");

export interface CorpusFile {
  /** Path under corpus/ without `.gz`: the source label in the index. */
  label: string;
  text: string;
  kind: ContentKind;
  /** The file as shipped (decompressed): what a user hands ctx_index. */
  raw: Uint8Array;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

/** Every corpus file, in label order. */
export async function loadCorpus(dir = CORPUS_DIR): Promise<CorpusFile[]> {
  const files: CorpusFile[] = [];
  for (const path of walk(dir)) {
    let bytes: Uint8Array = readFileSync(path);
    let label = relative(dir, path).split("\\").join("/");
    if (label.endsWith(".gz")) {
      bytes = gunzipSync(bytes);
      label = label.slice(0, -3);
    }
    // As ctx_index reads a local file: its bytes decoded as text (UTF-8, or a legacy encoding), an HTML page (or docs fragment) as its markdown.
    const text = decodeText(bytes);
    const page = /\.html?$/.test(label) ? await localPageText(label, text) : undefined;
    if (page) {
      files.push({ label, text: page.text, kind: page.kind, raw: bytes });
      continue;
    }
    files.push({ label, text, kind: detectKind(label, text), raw: bytes });
  }
  return files;
}

/** Indexes every corpus file into `db` in process, as the dev tools (run, fit, typos) search it. */
export function indexCorpus(db: Database, files: CorpusFile[]): void {
  indexSources(
    db,
    files.map((f) => ({ label: f.label, text: f.text, kind: f.kind, maxChunk: DEFAULTS.maxChunk })),
  );
}

/** The labelled questions (queries.json), both splits. */
export function loadQueries(): RetrievalQuery[] {
  return (JSON.parse(readFileSync(join(import.meta.dir, "queries.json"), "utf8")) as { queries: RetrievalQuery[] }).queries;
}

if (import.meta.main) {
  const [cmd, label] = process.argv.slice(2);
  const files = await loadCorpus();
  if (cmd === "list") {
    for (const f of files) console.log(`${f.label}\t${f.kind}\t${Buffer.byteLength(f.text)}`);
  } else if (cmd === "show" || cmd === "headings") {
    const f = files.find((x) => x.label === label);
    if (!f) throw new Error(`no corpus file labelled ${label}; run: bun bench/retrieval/corpus.ts list`);
    let fence = false;
    f.text.split("\n").forEach((line, i) => {
      if (/^(```|~~~)/.test(line)) fence = !fence;
      if (cmd === "show" || (!fence && /^#{1,6} /.test(line))) console.log(`${String(i + 1).padStart(6)}  ${line}`);
    });
  } else {
    console.log("usage: bun bench/retrieval/corpus.ts list | show <label> | headings <label>");
  }
}
