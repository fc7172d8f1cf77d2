/** What the preview renderers share: the input measured once, and what they hand back. */

/** The input as every renderer sees it, measured once. */
export interface PreviewInput {
  text: string;
  /** UTF-8 size of `text`. */
  bytes: number;
  /** Line count of `text`. */
  lines: number;
  /** Detector sample: whole lines from both ends. */
  sample: string[];
}

/** What kind of text a preview took the input for. */
export type PreviewKind = "json" | "json-lines" | "log" | "test-output" | "lines" | "blank";

/** What a renderer returns: the preview and the line ranges it shows verbatim from either end, so callers need not repeat them. */
export interface Rendered {
  kind: PreviewKind;
  text: string;
  /** Last line shown from the start (0 when none). */
  headEnd: number;
  /** First line shown from the end (lines + 1 when none). */
  tailStart: number;
}

/** A preview, with the input's measures for the caller's header. */
export interface Preview extends Rendered {
  /** Line count and UTF-8 size of the whole input. */
  lines: number;
  bytes: number;
}
