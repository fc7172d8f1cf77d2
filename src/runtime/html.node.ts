import { createRequire } from "node:module";
import type { RewriteRules } from "./html.types.ts";

export const htmlRuntime = "html-rewriter-wasm";

type WasmModule = typeof import("html-rewriter-wasm");

let wasm: WasmModule | undefined;

/**
 * Streams UTF-8 HTML through html-rewriter-wasm (lol-html compiled to WebAssembly), handing each
 * output chunk to `sink`, which must use it before returning. The package is loaded with a
 * runtime `require` only when a page is converted, so bundlers leave it (and the .wasm file it
 * reads from beside itself) in node_modules.
 */
export async function rewriteHtml(input: AsyncIterable<Uint8Array>, rules: RewriteRules, sink: (chunk: Uint8Array) => void): Promise<void> {
  wasm ??= createRequire(import.meta.url)("html-rewriter-wasm") as WasmModule;
  const rewriter = new wasm.HTMLRewriter(sink);
  try {
    for (const [selector, handlers] of rules.elements) rewriter.on(selector, handlers as Parameters<typeof rewriter.on>[1]);
    if (rules.document) rewriter.onDocument(rules.document as Parameters<typeof rewriter.onDocument>[0]);
    for await (const chunk of input) await rewriter.write(chunk);
    await rewriter.end();
  } finally {
    rewriter.free();
  }
}
