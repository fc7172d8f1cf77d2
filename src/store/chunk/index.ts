/** Splitting a source's text into titled, size-bounded chunks for the search index. */

import { chunkCode } from "./code.ts";
import { chunkCsv } from "./csv.ts";
import { chunkJson } from "./json.ts";
import { chunkMarkdown } from "./markdown.ts";
import { roffAsMarkdown } from "./roff.ts";
import { chunkPlainText } from "./text.ts";
import { withMarkdownHeadings } from "./text-headings.ts";
import type { Chunk, ChunkOptions, ContentKind } from "./types.ts";

export type { Chunk, ChunkOptions, ContentKind } from "./types.ts";
export { detectKind } from "./detect-kind.ts";

/**
 * Raise it whenever chunkText makes other chunks of some text than before (a new chunker, other
 * titles or bounds). A stored doc remembers the version that chunked it, and the same text
 * indexed again under a newer version is chunked afresh instead of being found unchanged.
 */
export const CHUNKER_VERSION = 22;

// Below this a chunk cannot hold a title's worth of text; a smaller setting is a mistake.
const MIN_CHUNK = 64;

/**
 * Splits text into chunks by its kind. Pure and synchronous; whitespace-only chunks are dropped.
 * Every body is at most `maxChunk` UTF-8 bytes (a `maxChunk` under 64 is raised to 64), and an
 * oversize line is cut at code-point boundaries. Invalid JSON is chunked as text.
 */
export function chunkText(text: string, kind: ContentKind, options: ChunkOptions): Chunk[] {
  if (text.trim() === "") return [];
  const opts: ChunkOptions = { ...options, maxChunk: Math.max(MIN_CHUNK, Math.floor(options.maxChunk)) };
  switch (kind) {
    case "markdown":
      return chunkMarkdown(text, opts);
    case "json":
      return chunkJson(text, opts) ?? chunkPlainText(text, opts);
    case "csv":
      return chunkCsv(text, opts);
    case "code":
      return chunkCode(text, opts);
    case "text": {
      // Manual page sources, reStructuredText, AsciiDoc and rendered manual pages have sections: chunk them by section.
      const sectioned = roffAsMarkdown(text) ?? withMarkdownHeadings(text);
      return sectioned === undefined ? chunkPlainText(text, opts) : chunkMarkdown(sectioned, opts);
    }
  }
}
