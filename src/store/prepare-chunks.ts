import { sha256Hex } from "#process";
import { chunkText, type Chunk, type ContentKind } from "./chunk/index.ts";
import { gramTerms } from "./terms.ts";
import { scanWords } from "./vocab.ts";
import { WordHashes } from "./word-hashes.ts";
import { redactSecrets } from "./redact.ts";

/** What a source becomes before it touches the database: its chunks, each chunk's trigram terms, its words. */
export interface PreparedChunks {
  chunks: Chunk[];
  grams: string[];
  /** The source's distinct words, space-joined, for the spelling vocabulary (vocab.ts). */
  words: string;
}

export interface ChunkJob {
  text: string;
  kind: ContentKind;
  label: string;
  maxChunk: number;
  /** The text is already redacted; otherwise prepareSource redacts it first (the hash and the chunks are of the redacted text). */
  redacted?: boolean;
}

/**
 * Pure and synchronous, so it can run on the indexing thread or in the prepare worker alike.
 * Words whose hashes are in `known` (already in the vocabulary, or sent) are not collected again;
 * the new ones are added to it.
 */
export function prepareChunks(job: ChunkJob, known: WordHashes = new WordHashes(1 << 16)): PreparedChunks {
  return prepareChunked(chunkText(job.text, job.kind, { maxChunk: job.maxChunk, name: job.label }), known);
}

/**
 * prepareChunks for chunks cut already: their trigram terms and new words (none with `words`
 * false: a spool worker reads them in after its run, vocab.ts queueVocab).
 */
export function prepareChunked(chunks: Chunk[], known: WordHashes, words = true): PreparedChunks {
  const sink = { into: new Set<string>(), known };
  const grams = chunks.map((c) => {
    if (words) {
      scanWords(c.title, sink);
      scanWords(c.body, sink);
    }
    return gramTerms(c.title, c.body);
  });
  return { chunks, grams, words: [...sink.into].join(" ") };
}

/** A source fully prepared off the writing thread: its hash and size as well as its chunks. */
export interface PreparedSource extends PreparedChunks {
  sha256: string;
  bytes: number;
}

export function prepareSource(job: ChunkJob, known?: WordHashes): PreparedSource {
  const text = job.redacted ? job.text : redactSecrets(job.text);
  return {
    sha256: sha256Hex(text),
    bytes: Buffer.byteLength(text),
    ...prepareChunks({ ...job, text }, known),
  };
}
