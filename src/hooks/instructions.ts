/**
 * Every sentence ctxmode puts in front of a model about routing: the instruction-file section
 * (CLAUDE.md, AGENTS.md, GEMINI.md, copilot-instructions.md …, written by setup), the fresh-session
 * guidance, the one-time nudge and the deny reasons. One template, so they never disagree.
 */

/** Marks ctxmode's section in an instruction file, so setup can replace or remove exactly it. */
export const SECTION_START = "<!-- ctxmode:start -->";
export const SECTION_END = "<!-- ctxmode:end -->";

/** `ctx_execute(language: "shell", code: "…")`: the exact call, arguments JSON-quoted. */
export function callText(tool: string, args: Record<string, string | number | string[] | undefined>): string {
  const parts = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `${tool}(${parts.join(", ")})`;
}

/** Injected at a fresh SessionStart; at most 600 B (test/hooks/instructions.test.ts). */
export const SESSION_GUIDANCE = [
  "ctxmode is active: keep big output out of your context.",
  "- Commands or scripts whose output you only scan: ctx_execute(language, code, intent) or ctx_batch; print only what you need.",
  "- Web pages: ctx_index(url) then ctx_search, never curl/wget into the context.",
  "- Big files: ctx_execute(file: path, …) to analyse; Read whole only what you edit.",
  "- Indexed output: ctx_search(queries). After compaction: ctx_resume().",
].join("\n");

/** Said once per session, on the first ordinary Bash/Read/Grep call. */
export const NUDGE =
  "ctxmode: when output may be long, use ctx_execute (with intent) or ctx_batch instead; only the parts you need come back and the rest stays searchable with ctx_search.";

/** Said instead of a deny when the caller cannot reach ctxmode's tools: never a dead end. */
export const UNAVAILABLE_NOTE =
  "ctxmode: this may print a lot, and ctxmode's tools are not available here, so it runs as is; narrow the output (grep, | tail -50) where you can.";

/**
 * The section setup writes into a host's instruction file. `hooks: false` is for hosts where the
 * file is the only thing that steers the model (no hooks installed).
 */
export function instructionSection(options: { hooks: boolean } = { hooks: true }): string {
  const lines = [
    SECTION_START,
    "## ctxmode: keep tool output out of the context",
    "",
    "ctxmode's MCP tools run work in a sandbox and index the full output locally; only what you ask for comes back.",
    "",
    "- Run commands and scripts whose output you only need to scan with `ctx_execute` (`language`, `code`, `intent`),",
    "  or several at once with `ctx_batch` (`commands`, `queries`). Print only what you need.",
    "- Fetch web pages with `ctx_index` (`url`), then `ctx_search`. Do not curl/wget a page or API into the context.",
    "- Analyse a big file with `ctx_execute` and `file` (the script reads `FILE_CONTENT`); Read whole only files you edit,",
    "  and read big ones by line range.",
    "- Run builds and test suites with long logs (gradle, mvn, sbt …) through `ctx_execute` with an `intent`.",
    "- Anything indexed (large outputs, files, pages) is found again with `ctx_search` (`queries`, `source`).",
    "- After a compaction, `ctx_resume` returns the session's state: last request, open tasks, edited files, errors.",
    "- Keep answers short; write long artifacts to files.",
  ];
  if (!options.hooks) lines.push("", "No hooks enforce this for this agent: these rules are the only guard.");
  lines.push(SECTION_END);
  return lines.join("\n");
}
