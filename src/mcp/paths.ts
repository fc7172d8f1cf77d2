import { statSync } from "node:fs";
import { resolve } from "node:path";
import { CtxError } from "../errors.ts";
import type { Policy } from "../sandbox/policy.ts";
import type { ToolContext } from "./context.ts";

/**
 * Resolves a `file`, `path` or `cwd` argument (relative to the project dir), follows symlinks and
 * checks it: inside the project's git top-level unless a `Read(...)` allow rule grants it, not
 * matched by a `Read(...)` deny rule, and of the expected type. Returns the real path.
 */
export async function allowedPath(ctx: ToolContext, policy: Policy, field: string, path: string, expect: "file" | "dir" | "any"): Promise<string> {
  if (path.trim() === "") throw new CtxError("BAD_INPUT", `\`${field}\` is empty; pass a path inside the project`);
  const { checkPath } = await import("../sandbox/policy.ts");
  const project = await ctx.project();
  const decision = checkPath(policy, resolve(ctx.projectDir, path), project.root);
  if (!decision.ok) throw new CtxError(decision.code, `\`${field}\`: ${decision.reason}`);
  let isDir: boolean;
  try {
    isDir = statSync(decision.real).isDirectory();
  } catch {
    throw new CtxError("NOT_FOUND", `\`${field}\`: ${path} does not exist; pass an existing path inside the project`);
  }
  if (expect === "file" && isDir) throw new CtxError("BAD_INPUT", `\`${field}\`: ${path} is a directory; pass a file`);
  if (expect === "dir" && !isDir) throw new CtxError("BAD_INPUT", `\`${field}\`: ${path} is not a directory`);
  return decision.real;
}
