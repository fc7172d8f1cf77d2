import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { addContext, argsOf, objectOf, str, textOf } from "../trace.ts";
import { readTranscript } from "../transcript.ts";
import type { SessionTrace } from "../types.ts";

/**
 * Copilot CLI: `~/.copilot/session-state/<session>/events.jsonl`. `tool.execution_start` names
 * the call, `tool.execution_complete` holds the `result.content` the model read (or the
 * `error.message` of a failed or denied call); user and system messages and the sessionStart
 * hook's `additionalContext` are the rest of the context. The project is `cwd` in workspace.yaml.
 */
/** Hook inputs (which repeat whole tool outputs), usage records and turn markers: none reached the model. */
const IGNORE = /^\{"type":"(?:hook\.start|session\.usage_record|assistant\.turn_start|assistant\.turn_end|session\.shutdown)"/;

export function readCopilotCli(file: string): { traces: SessionTrace[]; bytes: number } {
  return readTranscript(
    "copilot-cli",
    file,
    basename(dirname(file)),
    (r, t) => {
      const { trace } = t;
      // workspace.yaml names the project; a session.start record is the fallback.
      if (t.n === 1) trace.cwd = workspaceCwd(file);
      const d = objectOf(r.data);
      const id = str(r.id) || `line${t.n}`;
      switch (r.type) {
        case "session.start":
          trace.session = str(d.sessionId) || trace.session;
          if (!trace.cwd) trace.cwd = str(objectOf(d.context).cwd);
          break;
        case "tool.execution_start":
          t.call(str(d.toolCallId), str(d.toolName), argsOf(d.arguments));
          break;
        case "tool.execution_complete": {
          const failed = d.success === false;
          const text = failed && d.error !== undefined ? textOf(objectOf(d.error).message ?? d.error) : textOf(objectOf(d.result).content);
          t.result(str(d.toolCallId), text, failed);
          break;
        }
        case "user.message":
          addContext(trace, id, str(d.transformedContent) || str(d.content));
          break;
        case "system.message":
          addContext(trace, id, textOf(d.content));
          break;
        case "hook.end":
          if (d.hookType === "sessionStart" || d.hookType === "userPromptSubmitted") addContext(trace, id, str(objectOf(d.output).additionalContext));
          break;
        default:
          if (typeof r.type !== "string") trace.skipped++;
      }
    },
    { ignore: IGNORE },
  );
}

/** The `cwd:` line of the session's workspace.yaml. */
function workspaceCwd(file: string): string {
  try {
    const m = /^cwd:\s*(.+)$/m.exec(readFileSync(join(dirname(file), "workspace.yaml"), "utf8"));
    return m ? m[1]!.trim().replace(/^["']|["']$/g, "") : "";
  } catch {
    return "";
  }
}
