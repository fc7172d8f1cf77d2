import { describe, expect, test } from "bun:test";
import { chunkText } from "../../../src/store/chunk/index.ts";
import { byteLength, expectValidChunks, fixture } from "./chunk-checks.ts";

const md = (text: string, maxChunk = 4096) => chunkText(text, "markdown", { maxChunk, name: "doc.md" });

describe("markdown sections", () => {
  test("titles are heading paths; text before the first heading is titled by the file name", () => {
    const text = [
      "Intro paragraph.",
      "",
      "# useEffect",
      "",
      "Overview text.",
      "",
      "## Usage",
      "",
      "Usage text.",
      "",
      "### Cleanup",
      "",
      "Cleanup text.",
      "",
      "## Caveats ##",
      "",
      "Caveat text.",
    ].join("\n");
    const chunks = md(text);
    expect(chunks.map((c) => [c.title, c.lineStart, c.lineEnd])).toEqual([
      ["doc.md", 1, 1],
      ["useEffect", 3, 5],
      ["useEffect > Usage", 7, 9],
      ["useEffect > Usage > Cleanup", 11, 13],
      ["useEffect > Caveats", 15, 17],
    ]);
    expect(chunks[3]!.body).toBe("### Cleanup\n\nCleanup text.");
    expectValidChunks(chunks, text, 4096);
  });

  test("a heading with nothing before its sub-headings is one short chunk listing them", () => {
    const chunks = md("# API\n## get\nReturns a value.\n### get options\nOne.\n## set\nStores a value.\n");
    expect(chunks.map((c) => c.title)).toEqual(["API", "API > get", "API > get > get options", "API > set"]);
    expect(chunks[0]).toMatchObject({ body: "# API\n\nSections: get · set", lineStart: 1, lineEnd: 1 });
  });

  test("inline HTML in a heading (an anchor, a badge) is dropped from its title; code spans keep theirs", () => {
    const text = [
      "# Setup",
      "",
      '## Use Vertex AI <a id="vertex-ai"></a>',
      "",
      "Text.",
      "",
      '### `Map<K, V>` and <span class="badge">beta</span> <B>bold</B>',
      "",
      "More.",
    ].join("\n");
    expect(md(text).map((c) => c.title)).toEqual(["Setup", "Setup > Use Vertex AI", "Setup > Use Vertex AI > `Map<K, V>` and beta bold"]);
  });

  test("a heading is titled by what it renders: a link's text, no image; code spans as written", () => {
    const text = [
      "# SDK",
      "",
      "## [Beta.Libraries](docs/sdks/libraries/README.md)",
      "",
      "Text.",
      "",
      "## [0.6.1](https://example.com/compare/v0.6.0...v0.6.1) (2023-08-23) ![ci](https://example.com/badge.svg)",
      "",
      "More.",
      "",
      "## `[text](not-a-link)` and [ref][1]",
      "",
      "Last.",
    ].join("\n");
    expect(md(text).map((c) => c.title)).toEqual(["SDK", "SDK > Beta.Libraries", "SDK > 0.6.1 (2023-08-23)", "SDK > `[text](not-a-link)` and ref"]);
  });

  test("an HTML heading on a line of its own is a heading (a README's centred title); one holding only a logo, or inside a paragraph, is not", () => {
    const text = [
      '<h1 align="center">Fastify</h1>',
      "",
      "## Hooks",
      "",
      "Hooks are registered with addHook.",
      "",
      '<h2>Scope <a id="scope"></a></h2>',
      "",
      "All hooks are encapsulated.",
      "",
      '<h3 align="center"><img src="logo.svg"></h3>',
      "",
      "Text under a logo.",
      "",
      "A paragraph that mentions <h4>inline</h4> markup.",
    ].join("\n");
    const chunks = md(text);
    expect(chunks.map((c) => c.title)).toEqual(["Fastify", "Fastify > Hooks", "Fastify > Scope"]);
    expect(chunks[2]!.body).toContain("Text under a logo.");
    expect(chunks[2]!.body).toContain("<h4>inline</h4>");
  });

  test("front matter is not text: its title roots the heading path", () => {
    const chunks = md("---\ntitle: 'Bun.serve'\ndescription: HTTP servers\n---\n\nIntro text.\n\n## Routing\nRoutes here.\n");
    expect(chunks.map((c) => [c.title, c.body])).toEqual([
      ["Bun.serve", "Intro text."],
      ["Bun.serve > Routing", "## Routing\nRoutes here."],
    ]);
    // A rule followed by prose is no front matter.
    expect(md("---\nJust a rule, then words.\n\n# Head\nBody.\n")[0]!.body).toContain("Just a rule");
  });

  test("a page whose front matter titles it and whose text starts at a heading is a section of its own: the title and what it holds", () => {
    const chunks = md(
      '---\ntitle: "bun install"\ndescription: Install packages\n---\n\n## Basic Usage\nbun install react\n\n## Logging\nbun install --verbose\n',
    );
    expect(chunks.map((c) => [c.title, c.body, c.lineStart])).toEqual([
      ["bun install", "bun install\n\nSections: Basic Usage · Logging", 2],
      ["bun install > Basic Usage", "## Basic Usage\nbun install react", 6],
      ["bun install > Logging", "## Logging\nbun install --verbose", 9],
    ]);
  });

  test("an MDX page's module statements render as nothing and are not chunked; code that imports is", () => {
    const text = [
      "---",
      'title: "bun install"',
      "---",
      "",
      'import Install from "/snippets/cli/install.mdx";',
      "import { Tabs, TabItem } from '@astrojs/starlight/components';",
      "export const meta = { sidebar: true };",
      "",
      "## Basic Usage",
      "",
      "```ts",
      'import { serve } from "bun";',
      "```",
      "",
      "export GOOGLE_CLOUD_PROJECT is set in the shell.",
      "",
      '<Accordion title="How do I reset the cache?">',
      "",
      "Delete the cache folder.",
      "",
      "</Accordion>",
      "",
      "---",
      "",
      "<Install />",
      "",
    ].join("\n");
    const chunks = md(text);
    expect(chunks.map((c) => c.title)).toEqual(["bun install", "bun install > Basic Usage"]);
    expect(chunks.some((c) => c.body.includes("@astrojs") || c.body.includes("snippets/cli"))).toBe(false);
    expect(chunks[1]!.body).toContain('import { serve } from "bun";');
    expect(chunks[1]!.body).toContain("export GOOGLE_CLOUD_PROJECT");
    expect(chunks[1]!.body).toContain('<Accordion title="How do I reset the cache?">');
    expect(chunks.some((c) => c.body.includes("</Accordion>") || c.body.includes("<Install />"))).toBe(false);
  });

  test("link reference definitions render as nothing and are not chunked; a paragraph with text is", () => {
    const text = [
      "# fs",
      "",
      "Read with [`fs.readFile()`][].",
      "",
      "## Notes",
      "",
      "See [the guide][guide] for more.",
      "[guide]: https://example.com/guide",
      "",
      "[`fs.readFile()`]: fs.md#fsreadfile",
      "  [`fs.watch()`]: #fswatch 'Watching'",
      '[Stream]: stream.md "Streams"',
      "",
    ].join("\n");
    const chunks = md(text);
    expect(chunks.map((c) => c.title)).toEqual(["fs", "fs > Notes"]);
    expect(chunks[1]!.body).toContain("[guide]: https://example.com/guide");
    expect(chunks[1]!.body).not.toContain("fs.md#fsreadfile");
    expect(chunks[1]!.lineEnd).toBe(8);
    // A file of nothing else keeps them.
    expect(md("[a]: a.md\n[b]: b.md\n").map((c) => c.body)).toEqual(["[a]: a.md\n[b]: b.md"]);
  });

  test("setext === underlines are headings; --- is a rule that ends a chunk", () => {
    const chunks = md("Guide\n=====\n\nFirst part.\n\n---\n\nSecond part.\n");
    expect(chunks.map((c) => [c.title, c.body])).toEqual([
      ["Guide", "Guide\n=====\n\nFirst part."],
      ["Guide (2)", "Second part."],
    ]);
  });

  test.each([
    ["backticks", "```"],
    ["tildes", "~~~"],
    ["long backticks", "`````"],
  ])("a heading inside a %s fence is not a heading", (_, fence) => {
    const text = `# Shell\n\nRun this:\n\n${fence}bash title="setup.sh"\n# install deps\nnpm install\n## not a heading\n${fence}\n\nDone.\n`;
    const chunks = md(text);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.title).toBe("Shell");
    expect(chunks[0]!.code).toBe(true);
    expect(chunks[0]!.body).toContain("## not a heading");
  });

  test("a markdown fence is an example: its headings are not the page's sections", () => {
    const text =
      "# no-duplicate-headings\n\n## Examples\n\nReported:\n\n```markdown\n# Server\n\n## Options\n\n# Client\n\n## Options\n```\n\n## Options\n\nsiblingsOnly: report only siblings.\n";
    expect(md(text).map((c) => c.title)).toEqual(["no-duplicate-headings", "no-duplicate-headings > Examples", "no-duplicate-headings > Options"]);
  });

  test("a shorter fence line inside a longer fence does not close it", () => {
    const text = "# Nest\n\n````md\n```js\n# inside\n```\n````\n\n# After\n\ntext\n";
    expect(md(text).map((c) => c.title)).toEqual(["Nest", "After"]);
  });

  test("a code block that fits is never split, even when the section is oversize", () => {
    const para = (n: number) => `Paragraph ${n} ${"lorem ipsum dolor ".repeat(12)}`;
    const code = ["```ts", ...Array.from({ length: 20 }, (_, i) => `const value${i} = compute(${i}); // step ${i}`), "```"].join("\n");
    const text = ["# Big", "", para(1), "", para(2), "", code, "", para(3), "", para(4), "", para(5)].join("\n");
    const max = 1200;
    const chunks = md(text, max);
    expect(chunks.length).toBeGreaterThan(1);
    expectValidChunks(chunks, text, max);
    const withCode = chunks.filter((c) => c.body.includes("```ts"));
    expect(withCode).toHaveLength(1);
    expect(withCode[0]!.body).toContain(code);
    expect(withCode[0]!.code).toBe(true);
    expect(chunks.map((c) => c.title)).toEqual(chunks.map((_, i) => (i === 0 ? "Big" : `Big (${i + 1})`)));
    expect(chunks.filter((c) => !c.body.includes("```")).every((c) => !c.code)).toBe(true);
  });

  test("an oversize fence is split by lines, and a giant line by bytes", () => {
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i} ${"x".repeat(30)}`);
    const giant = "é".repeat(3000);
    const text = ["# Dump", "", "```", ...lines, giant, "```"].join("\n");
    const chunks = md(text, 1024);
    expectValidChunks(chunks, text, 1024);
    expect(chunks.every((c) => c.code)).toBe(true);
    const joined = chunks.map((c) => c.body).join("");
    for (const l of lines) expect(joined).toContain(l);
    expect(
      chunks
        .filter((c) => c.lineStart === 304)
        .map((c) => c.body)
        .join(""),
    ).toBe(giant);
  });
});

describe("Context7 docs", () => {
  test("the older TITLE: format between rules titles each snippet", () => {
    const snippet = (t: string) => `TITLE: ${t}\nDESCRIPTION: About ${t}.\nSOURCE: https://example.com\n\nLANGUAGE: js\nCODE:\n\`\`\`js\n${t}();\n\`\`\``;
    const text = [snippet("Using useEffect"), "----------------------------------------", snippet("Using useMemo")].join("\n\n");
    const chunks = md(text);
    expect(chunks.map((c) => [c.title, c.code])).toEqual([
      ["Using useEffect", true],
      ["Using useMemo", true],
    ]);
  });

  test.each([
    [
      "context7-react-docs.md",
      ["useEffect Hook Reference", "useEffect with External System Connection and Cleanup", "Hooks > useEffect > Cleanup and Resource Management"],
    ],
    ["context7-nextjs-docs.md", ["Migrate getServerSideProps to App Router Server Component", "Incremental Static Regeneration with fetch in App Directory"]],
    ["context7-supabase-edge.md", ["Invoke Live Supabase Edge Function", "Supabase Edge Functions - Serverless Drivers"]],
    ["context7-tailwind-docs.md", ["Create responsive grid layouts with breakpoint variants", "Create mask position grid layout in Tailwind CSS"]],
  ])("%s: one chunk per section, titled by its heading", (name, titles) => {
    const text = fixture(name);
    const chunks = chunkText(text, "markdown", { maxChunk: 4096, name });
    expectValidChunks(chunks, text, 4096);
    for (const t of titles) expect(chunks.map((c) => c.title)).toContain(t);
    for (const c of chunks) {
      expect(byteLength(c.body)).toBeLessThanOrEqual(4096);
      expect(c.body).not.toContain("--------------------------------");
      expect(c.body.startsWith("#")).toBe(true);
    }
  });

  test("an APIDOC block is read as documentation: its headings nest under the section that holds it", () => {
    const chunks = chunkText(fixture("context7-react-docs.md"), "markdown", { maxChunk: 4096, name: "react.md" });
    const titles = chunks.map((c) => c.title);
    expect(titles[0]).toBe("useEffect Hook Reference");
    expect(titles).toContain("useEffect Hook Reference > useEffect Hook > Parameters > dependencies (Array) - Optional");
    expect(titles).toContain("useEffect Hook Reference > useEffect Hook > Caveats");
    // The section after the block starts a fresh heading path.
    expect(titles).toContain("useEffect with External System Connection and Cleanup");
    const example = chunks.find((c) => c.title.endsWith("Basic Example"))!;
    expect(example.code).toBe(true);
    expect(example.body).toContain("connection.disconnect();");
  });

  test("with a small maxChunk sections split into numbered parts and stay apart", () => {
    const text = fixture("context7-react-docs.md");
    const chunks = chunkText(text, "markdown", { maxChunk: 700, name: "react.md" });
    expectValidChunks(chunks, text, 700);
    expect(chunks.map((c) => c.title)).toContain("useEffect with External System Connection and Cleanup (2)");
    const separators = text.split("\n").flatMap((l, i) => (l.startsWith("-----") ? [i + 1] : []));
    for (const c of chunks) for (const s of separators) expect(s > c.lineStart && s < c.lineEnd).toBe(false);
  });
});
