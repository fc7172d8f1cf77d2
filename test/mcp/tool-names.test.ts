import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.ts";
import { allTools } from "../../src/mcp/registry.ts";
import { OWN_TOOL_NAMES } from "../../src/config/tool-names.ts";
import { repoRoot } from "../helpers/temp.ts";

test("the registry's tools are exactly the tool-name list, in its order", () => {
  expect(allTools(loadConfig({})).map((t) => t.name)).toEqual([...OWN_TOOL_NAMES]);
});

test("the tool-name list imports nothing, so the hooks can load it", () => {
  expect(readFileSync(join(repoRoot, "src/config/tool-names.ts"), "utf8")).not.toMatch(/^\s*(import|export .* from)\b/m);
});
