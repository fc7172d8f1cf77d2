import { SECTION_END, SECTION_START, SESSION_GUIDANCE } from "../hooks/instructions.ts";

const SECTION_HEADING = "## ctxmode: keep tool output out of the context";
const STATE_HEADER = "## Session state (saved by ctxmode before compaction)";
const STATE_FOOTER = "Full rows: ctx_resume(seq: N).";
const GUIDANCE_HEAD = SESSION_GUIDANCE.split("\n")[0]!;
/** Skill listings: `- ctxmode: …`, `- ctx-stats: …` (one line each, as hosts list skills). */
const SKILL_LINE = /^- (?:ctxmode|ctx-[a-z]+): [^\n]*$/gm;
/** One-line hook messages: the nudge, the no-tools note, and any other `ctxmode: ` context line. */
const HOOK_LINE = /(?:^|\n|>|: )(ctxmode: [^\n<]*)/g;

/**
 * Bytes of `text` that ctxmode put there: its instruction-file section, the session-start
 * guidance, the state block after compaction, hook nudges and notes, skill listing lines.
 * Each kind is cut out as it is counted, so no byte is counted twice.
 */
export function ctxmodeBytes(text: string): number {
  if (!text.includes("ctxmode") && !text.includes("ctx-")) return 0;
  let rest = text;
  let bytes = 0;
  const cut = (from: number, to: number) => {
    bytes += Buffer.byteLength(rest.slice(from, to));
    rest = rest.slice(0, from) + rest.slice(to);
  };
  for (let at = rest.indexOf(SECTION_START); at >= 0; at = rest.indexOf(SECTION_START)) {
    const end = rest.indexOf(SECTION_END, at);
    cut(at, end < 0 ? rest.length : end + SECTION_END.length);
  }
  for (let at = rest.indexOf(SECTION_HEADING); at >= 0; at = rest.indexOf(SECTION_HEADING)) {
    const next = rest.indexOf("\n#", at + SECTION_HEADING.length);
    cut(at, next < 0 ? rest.length : next);
  }
  for (let at = rest.indexOf(STATE_HEADER); at >= 0; at = rest.indexOf(STATE_HEADER)) {
    const end = rest.indexOf(STATE_FOOTER, at);
    cut(at, end < 0 ? rest.length : end + STATE_FOOTER.length);
  }
  for (let at = rest.indexOf(GUIDANCE_HEAD); at >= 0; at = rest.indexOf(GUIDANCE_HEAD)) {
    let end = rest.indexOf("\n", at);
    while (end >= 0 && rest.startsWith("\n- ", end)) end = rest.indexOf("\n", end + 1);
    cut(at, end < 0 ? rest.length : end);
  }
  for (const m of rest.matchAll(SKILL_LINE)) bytes += Buffer.byteLength(m[0]);
  for (const m of rest.matchAll(HOOK_LINE)) bytes += Buffer.byteLength(m[1]!);
  return bytes;
}
