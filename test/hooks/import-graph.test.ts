import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/temp.ts";

test("`ctxmode hook` loads nothing heavy: no MCP SDK, zod, turndown, fetch, sandbox runner, setup or doctor", async () => {
  const built = await Bun.build({ entrypoints: [join(repoRoot, "src/cli/hook-command.ts")], target: "bun", format: "esm", minify: false });
  expect(built.success).toBe(true);
  const text = await built.outputs[0]!.text();
  const modules = [...new Set([...text.matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((m) => m[1]!))];
  expect(modules.length).toBeGreaterThan(10);
  const heavy = modules.filter((m) =>
    /node_modules\/(@modelcontextprotocol|zod|turndown|html-rewriter-wasm|cac)\/|src\/(mcp\/(server|context|registry|tools\/)|sandbox\/(run|spawn|runtimes|capture|languages)|fetch\/|agents\/|doctor\/)/.test(
      m,
    ),
  );
  expect(heavy).toEqual([]);
  // The host registry (src/hosts/) is facts only; the bundled OpenCode/Pi plugin modules stay with setup.
  expect(modules.filter((m) => m.startsWith("src/hosts/")).length).toBeGreaterThan(0);
  expect(text).not.toContain("__CTXMODE_BINARY__");
});

test("only src/runtime/ touches the Bun global: the Node build runs everything else", () => {
  const uses: string[] = [];
  for (const file of new Bun.Glob("src/**/*.ts").scanSync(repoRoot)) {
    if (file.startsWith("src/runtime/")) continue;
    readFileSync(join(repoRoot, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // a comment may name Bun
        if (/\bBun\s*(\?\.|\.|\[)|typeof\s+Bun\b|\.Bun\b|\{\s*Bun\s*\??:/.test(line)) uses.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(uses).toEqual([]);
});
