/** What a text is, as far as splitting it goes. */
export type ContentKind = "markdown" | "json" | "text" | "csv" | "code";

/** One searchable piece of a source. */
export interface Chunk {
  /** Heading path, key path or a label such as `build.log lines 40-80: FAIL src/x.test.ts`; never empty. */
  title: string;
  /** The chunk text, at most `maxChunk` UTF-8 bytes. */
  body: string;
  /** 1-based first line of the chunk in the source text. */
  lineStart: number;
  /** 1-based last line, inclusive. */
  lineEnd: number;
  /** True for code: a fenced block in markdown, JSON, or a code file. */
  code: boolean;
}

export interface ChunkOptions {
  /** Largest chunk body in UTF-8 bytes. */
  maxChunk: number;
  /** File name or label, used to build titles. */
  name: string;
}
