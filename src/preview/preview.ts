import { clipStart, countText, cutStart, formatBytes, utf8Length } from "./clip.ts";
import { previewJson } from "./json.ts";
import { countLines, sampleLines } from "./lines.ts";
import { looksLikeLog, previewLog } from "./log.ts";
import { previewLines } from "./plain.ts";
import { looksTabular } from "./table.ts";
import { detectShapes, previewTestOutput } from "./test-output.ts";
import type { Preview, PreviewInput, Rendered } from "./types.ts";

export type { PreviewKind } from "./types.ts";

interface PreviewOptions {
  /** The output came from a failed run: plain text gives most of its room to the last lines. */
  failed?: boolean;
}

/**
 * A preview of a big tool output that fits in `cap` bytes and shows what its kind makes worth
 * seeing: a JSON document's shape and first record, a log's error and warning kinds with counts,
 * a test run's failures and summary, anything else its head and tail, long lines cut at
 * structure. Never empty for non-empty input. Pure and linear: detectors read a sample from
 * both ends, JSON is parsed once and only up to JSON_PARSE_MAX, other scans are one pass.
 */
export function previewText(text: string, cap: number, options: PreviewOptions = {}): Preview {
  const input: PreviewInput = { text, bytes: utf8Length(text), lines: countLines(text), sample: sampleLines(text) };
  const preview = { ...pick(input, cap, options), lines: input.lines, bytes: input.bytes };
  // A cap too small for any renderer's labels still gets the start of the text.
  if (preview.text.trim() === "" && text.trim() !== "") preview.text = cutStart(text.slice(text.search(/\S/)), cap);
  if (utf8Length(preview.text) <= cap) return preview;
  // Renderers keep to their shares; this is the backstop that makes `cap` a hard limit.
  return { ...preview, text: cap < 8 ? clipStart(preview.text, cap) : `${clipStart(preview.text, cap - 3)}…` };
}

function pick(input: PreviewInput, cap: number, options: PreviewOptions): Rendered {
  if (input.text.trim() === "") {
    const what = input.text === "" ? "(no output)" : `(${formatBytes(input.bytes)} of whitespace only, ${countText(input.lines)} lines)`;
    return { kind: "blank", text: clipStart(what, cap), headEnd: 0, tailStart: input.lines + 1 };
  }
  const json = previewJson(input, cap);
  if (json) return json;
  const shapes = detectShapes(input.sample);
  if (shapes.length) return previewTestOutput(input, cap, shapes);
  // A CSV whose first column is a timestamp is still a table: its rows read best as rows.
  if (!looksTabular(input.sample) && looksLikeLog(input.sample)) return previewLog(input, cap);
  return previewLines(input, cap, { tailShare: options.failed ? 0.75 : 0.55 });
}
