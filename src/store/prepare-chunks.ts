import { createHash } from "node:crypto";
import { chunkText, type Chunk, type ContentKind } from "./chunk/index.ts";
import { gramTerms } from "./terms.ts";
import { redactSecrets } from "../sandbox/redact.ts";

/** What a source becomes before it touches the database: its chunks and each chunk's trigram terms. */
export interface PreparedChunks {
  chunks: Chunk[];
  grams: string[];
}

export interface ChunkJob {
  text: string;
  kind: ContentKind;
  label: string;
  maxChunk: number;
  /** Redact secrets first (prepareSource); the hash and the chunks are of the redacted text. */
  redact?: boolean;
}

/** Pure and synchronous, so it can run on the indexing thread or in the prepare worker alike. */
export function prepareChunks(job: ChunkJob): PreparedChunks {
  const chunks = chunkText(job.text, job.kind, { maxChunk: job.maxChunk, name: job.label });
  return { chunks, grams: chunks.map((c) => gramTerms(c.title, c.body)) };
}

/** A source fully prepared off the writing thread: its hash and size as well as its chunks. */
export interface PreparedSource extends PreparedChunks {
  sha256: string;
  bytes: number;
}

export function prepareSource(job: ChunkJob): PreparedSource {
  const text = job.redact ? redactSecrets(job.text) : job.text;
  return {
    sha256: createHash("sha256").update(text).digest("hex"),
    bytes: Buffer.byteLength(text),
    ...prepareChunks({ ...job, text }),
  };
}
