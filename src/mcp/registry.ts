import { z } from "zod";
import type { Config } from "../config/config.ts";
import type { ToolDef } from "./tool.ts";
import { batchTool } from "./tools/batch.ts";
import { executeTool } from "./tools/execute.ts";
import { indexTool } from "./tools/index.ts";
import { purgeTool } from "./tools/purge.ts";
import { searchTool } from "./tools/search.ts";
import { statsTool } from "./tools/stats.ts";

/** Every tool the server offers, in the order tools/list shows them. */
export function allTools(config: Config): ToolDef[] {
  return [executeTool(config), batchTool(config), indexTool(), searchTool(), statsTool(), purgeTool()] as unknown as ToolDef[];
}

/** One tools/list entry: the JSON Schema of the zod schema, without `$schema` (paid in every session). */
export function listEntry(tool: ToolDef) {
  const { $schema: _drop, ...inputSchema } = z.toJSONSchema(tool.schema, { io: "input" }) as Record<string, unknown>;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: "object" as const, ...inputSchema },
    annotations: tool.annotations,
  };
}
