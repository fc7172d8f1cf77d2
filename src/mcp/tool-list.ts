import type { Config } from "../config/config.ts";

/** The tools/list entries the build computed from the tool schemas for the default budgets (build/build.ts). */
declare const CTXMODE_TOOL_LIST: string | undefined;

export interface BuiltToolList {
  /** The budgets the entries were computed with (two of them appear in descriptions). */
  key: string;
  tools: unknown[];
}

/** What a tools/list answer depends on besides the code: the budgets. */
export function toolListKey(config: Pick<Config, "budgets">): string {
  return JSON.stringify(config.budgets);
}

/**
 * The tools/list entries. A built binary answers from the list computed at build time, so a
 * server's first request loads no tool module, zod schema or JSON Schema conversion (about 2.4 MB
 * of a fresh server's memory); from source, or with budgets changed by CTXMODE_* variables, the
 * entries are computed from the schemas.
 */
export async function toolList(config: Config): Promise<unknown[]> {
  if (typeof CTXMODE_TOOL_LIST === "string") {
    const built = JSON.parse(CTXMODE_TOOL_LIST) as BuiltToolList;
    if (built.key === toolListKey(config)) return built.tools;
  }
  const { allTools, listEntry } = await import("./registry.ts");
  return allTools(config).map(listEntry);
}
