import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";

// STYLE 2: the rewriter is a runtime edge. The Node build loads html-rewriter-wasm at run time;
// the compiled binary uses Bun's native HTMLRewriter and must not carry the wasm package.
describe("HTML rewriter per build", () => {
  test("the Node build requires html-rewriter-wasm at run time (left in node_modules, not bundled)", () => {
    const dir = join(repoRoot, "dist", "node");
    const all = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".mjs"))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("\n");
    expect(all).toMatch(/\("html-rewriter-wasm"\)/);
    // Bundling it would inline its wasm-bindgen glue, which reads the .wasm beside itself.
    expect(all).not.toContain("html_rewriter_bg.wasm");
    expect(all).toContain("turndown");
  });

  test("a Bun-target bundle of the binary's entry holds turndown but no html-rewriter-wasm", async () => {
    const result = await Bun.build({
      entrypoints: [join(repoRoot, "src/entry/bun.ts")],
      outdir: tempDir("ctxmode-bun-bundle-"),
      target: "bun",
      format: "esm",
      metafile: true,
    });
    expect(result.success).toBe(true);
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs.some((p) => p.includes("node_modules/turndown/"))).toBe(true);
    expect(inputs.some((p) => p.includes("src/runtime/html.bun.ts"))).toBe(true);
    expect(inputs.filter((p) => p.includes("html-rewriter-wasm") || p.includes("html.node.ts"))).toEqual([]);
  });

  test("the compiled binary carries neither the wasm package nor its loader", () => {
    const bytes = readFileSync(binary);
    expect(bytes.includes("html_rewriter_bg.wasm")).toBe(false);
    expect(bytes.includes("html-rewriter-wasm")).toBe(false);
  });
});
