import { z } from "zod";
import type { Config } from "../config/config.ts";
import type { ToolDef } from "./tool.ts";
import { batchTool } from "./tools/batch.ts";
import { doctorTool } from "./tools/doctor.ts";
import { executeTool } from "./tools/execute.ts";
import { indexTool } from "./tools/index.ts";
import { purgeTool } from "./tools/purge.ts";
import { resumeTool } from "./tools/resume.ts";
import { searchTool } from "./tools/search.ts";
import { statsTool } from "./tools/stats.ts";
import { upgradeTool } from "./tools/upgrade.ts";

/** Every tool the server offers, in the order tools/list shows them. */
export function allTools(config: Config): ToolDef[] {
  return [
    executeTool(config),
    batchTool(config),
    indexTool(),
    searchTool(),
    statsTool(),
    purgeTool(),
    resumeTool(),
    doctorTool(),
    upgradeTool(),
  ] as unknown as ToolDef[];
}

/** MCP's defaults for absent tool hints (spec, ToolAnnotations). */
export const HINT_DEFAULTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;

/**
 * One tools/list entry: the JSON Schema of the zod schema, without `$schema` (paid in every session).
 * Hints equal to MCP's defaults are left out, and so are destructive/idempotent on a read-only tool
 * (the spec makes them meaningful only when readOnlyHint is false): clients read the same values,
 * and spelling them out cost ~400 B of the 5,000 B list budget.
 */
export function listEntry(tool: ToolDef) {
  const { $schema: _drop, ...inputSchema } = z.toJSONSchema(tool.schema, { io: "input" }) as Record<string, unknown>;
  const readOnly = tool.annotations.readOnlyHint;
  const annotations = Object.fromEntries(
    Object.entries(tool.annotations).filter(
      ([k, v]) => HINT_DEFAULTS[k as keyof typeof HINT_DEFAULTS] !== v && !(readOnly && (k === "destructiveHint" || k === "idempotentHint")),
    ),
  );
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    // A tool without arguments lists none: `{"type":"object"}` is a complete schema.
    inputSchema: { type: "object" as const, ...(Object.keys((inputSchema.properties as object | undefined) ?? {}).length ? inputSchema : {}) },
    // All hints at MCP's defaults: the field itself is left out too.
    ...(Object.keys(annotations).length ? { annotations } : {}),
  };
}
