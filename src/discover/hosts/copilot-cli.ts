import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { forEachRecord } from "../lines.ts";
import { addContext, addResult, argsOf, type CallTable, newTrace, objectOf, seen, str, textOf } from "../trace.ts";
import type { SessionTrace } from "../types.ts";
import { isOwnTool } from "../tool-kind.ts";

/**
 * Copilot CLI: `~/.copilot/session-state/<session>/events.jsonl`. `tool.execution_start` names
 * the call, `tool.execution_complete` holds the `result.content` the model read (or the
 * `error.message` of a failed or denied call); user and system messages and the sessionStart
 * hook's `additionalContext` are the rest of the context. The project is `cwd` in workspace.yaml.
 */
/** Hook inputs (which repeat whole tool outputs), usage records and turn markers: none reached the model. */
const IGNORE = /^\{"type":"(?:hook\.start|session\.usage_record|assistant\.turn_start|assistant\.turn_end|session\.shutdown)"/;

export function readCopilotCli(file: string): { traces: SessionTrace[]; bytes: number } {
  const trace = newTrace("copilot-cli", basename(dirname(file)), file);
  trace.cwd = workspaceCwd(file);
  const calls: CallTable = new Map();
  let n = 0;
  const bytes = forEachRecord(
    file,
    (r) => {
      n++;
      seen(trace, r.timestamp);
      const d = objectOf(r.data);
      const id = str(r.id) || `line${n}`;
      switch (r.type) {
        case "session.start":
          trace.session = str(d.sessionId) || trace.session;
          if (!trace.cwd) trace.cwd = str(objectOf(d.context).cwd);
          break;
        case "tool.execution_start": {
          const name = str(d.toolName);
          calls.set(str(d.toolCallId), { tool: name, input: argsOf(d.arguments) });
          if (isOwnTool("copilot-cli", name)) trace.ctxOffered = true;
          break;
        }
        case "tool.execution_complete": {
          const callId = str(d.toolCallId);
          const call = calls.get(callId);
          const failed = d.success === false;
          const text = failed && d.error !== undefined ? textOf(objectOf(d.error).message ?? d.error) : textOf(objectOf(d.result).content);
          addResult(trace, { id: callId, tool: call?.tool ?? "unknown", input: call?.input ?? {}, text, failed });
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
    () => trace.skipped++,
    IGNORE,
  );
  return { traces: n ? [trace] : [], bytes };
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
