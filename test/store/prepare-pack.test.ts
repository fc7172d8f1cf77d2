import { expect, test } from "bun:test";
import { prepareSource } from "../../src/store/prepare-chunks.ts";
import { packSources, unpackSources } from "../../src/store/prepare-pack.ts";

test("packing prepared sources for the worker trip loses nothing", () => {
  const sources = [
    prepareSource({
      text: "# Title\n\nbody with useEffect and 中文字符 and 🎉\n\n```js\nconst x = 1;\n```\n",
      kind: "markdown",
      label: "a.md",
      maxChunk: 4096,
    }),
    prepareSource({ text: "", kind: "text", label: "empty.txt", maxChunk: 4096 }),
    prepareSource({ text: JSON.stringify({ items: [{ id: 1, name: "x" }] }, null, 2), kind: "json", label: "b.json", maxChunk: 4096 }),
  ];
  const packed = packSources(sources);
  expect(unpackSources(structuredClone(packed), sources.length)).toEqual(sources);
});
