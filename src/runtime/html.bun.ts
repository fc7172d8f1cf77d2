import type { RewriteRules } from "./html.types.ts";

export const htmlRuntime = "bun";

/**
 * Streams UTF-8 HTML through Bun's native HTMLRewriter (lol-html), handing each output chunk to
 * `sink` as it is produced; the input is pulled only as fast as the output is read.
 */
export async function rewriteHtml(input: AsyncIterable<Uint8Array>, rules: RewriteRules, sink: (chunk: Uint8Array) => void): Promise<void> {
  const rewriter = new HTMLRewriter();
  for (const [selector, handlers] of rules.elements) rewriter.on(selector, handlers as HTMLRewriterTypes.HTMLRewriterElementContentHandlers);
  if (rules.document) rewriter.onDocument(rules.document as HTMLRewriterTypes.HTMLRewriterDocumentContentHandlers);
  const it = input[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
  const source = new Response(stream, { headers: { "content-type": "text/html; charset=utf-8" } });
  const output = rewriter.transform(source).body;
  if (!output) return;
  for await (const chunk of output) sink(chunk);
}
