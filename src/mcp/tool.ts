import type { z } from "zod";
import type { ToolContext } from "./context.ts";
import type { OwnToolName } from "../config/tool-names.ts";

/** MCP tool annotations: hosts show them (with the title) in approval prompts. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool handler returns: the text for the model and how many bytes it kept out of context. */
export interface ToolReply {
  text: string;
  isError?: boolean;
  /** Bytes of output, files or matches that the reply did not carry into the context. */
  keptOut: number;
}

/** One `ctx_*` tool: its public surface (name, title, schema, hints) and its handler. */
export interface ToolDef<S extends z.ZodType = z.ZodType> {
  name: OwnToolName;
  title: string;
  description: string;
  schema: S;
  annotations: ToolAnnotations;
  run(args: z.output<S>, ctx: ToolContext, signal: AbortSignal): Promise<ToolReply>;
}

/** Typed identity helper, so each tool file gets its argument types from its schema. */
export function defineTool<S extends z.ZodType>(def: ToolDef<S>): ToolDef<S> {
  return def;
}

/**
 * One sentence from zod's issues that a model can act on, e.g.
 * "ctx_execute: `code` is required" or "ctx_search: `limit` must be at most 10".
 */
export function describeIssues(tool: string, issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return `${tool}: invalid arguments; check the tool's input schema`;
  const where = first.path.length ? `\`${first.path.map(String).join(".")}\`` : "the arguments";
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  return `${tool}: ${where} ${issueText(first)}${more}; check the tool's input schema`;
}

function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return /received undefined/.test(issue.message) ? "is required" : `must be ${article(issue.expected)}`;
    case "too_small":
      if (issue.origin === "string") return issue.minimum === 1 ? "must not be empty" : `must have at least ${issue.minimum} characters`;
      if (issue.origin === "array") return `must have at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}`;
      return `must be at least ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "array") return `must have at most ${issue.maximum} items`;
      if (issue.origin === "string") return `must have at most ${issue.maximum} characters`;
      return `must be at most ${issue.maximum}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_union":
      return "has the wrong shape";
    case "unrecognized_keys":
      return `has unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
    default:
      return issue.message.replace(/^Invalid input:?\s*/i, "is invalid: ").replace(/: $/, "");
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
