import { describe, expect, test } from "bun:test";
import { htmlRuntime } from "#html";
import { htmlToMarkdown } from "../../src/fetch/html.ts";
import { CHROME_MARKERS, docsPage, PYTHON_EXAMPLE, streamOf, TS_EXAMPLE } from "./helpers.ts";

const BASE = "https://docs.harbor.test/docs/retry/";

async function convert(html: string | Uint8Array, chunk = 4096) {
  return htmlToMarkdown(streamOf(html, chunk), BASE);
}

describe("HTML to markdown", () => {
  test("runs on Bun's own HTMLRewriter here", () => {
    expect(htmlRuntime).toBe("bun");
  });

  test("a docs page keeps its article: code blocks intact with their language, table, links; no chrome", async () => {
    const { markdown, title, region } = await convert(docsPage());
    expect(title).toBe("Retry policy");
    expect(region).toBe("article");
    expect(markdown).toContain(`\`\`\`python\n${PYTHON_EXAMPLE}\n\`\`\``);
    expect(markdown).toContain(`\`\`\`ts\n${TS_EXAMPLE}\n\`\`\``);
    expect(markdown).toContain(
      [
        "| Option | Default | Meaning |",
        "| --- | --- | --- |",
        "| `max_retries` | 5 | Attempts \\| then give up |",
        "| base_delay | 200 | Milliseconds before the first retry |",
      ].join("\n"),
    );
    expect(markdown).toStartWith("# Retry policy\n\nConfigure `max_retries` and _exponential_ backoff");
    expect(markdown).toContain("[the webhook guide](https://docs.harbor.test/docs/guide/webhooks)");
    expect(markdown).toContain("Note: retries must be idempotent.");
    expect(markdown).toEndWith("## Last section\n\nEND_OF_ARTICLE_MARKER");
    for (const marker of CHROME_MARKERS) expect({ marker, found: markdown.includes(marker) }).toEqual({ marker, found: false });
    expect(markdown).not.toContain("Docs › Retry policy");
    expect(markdown).not.toMatch(/\\[_*]/);
  });

  test("a page's own table of contents (DocBook's div.toc, #toc) is dropped: the headings below say it", async () => {
    const page = [
      '<html><body><div class="chapter"><h2 class="title">4. Memcheck: a memory error detector</h2>',
      '<div class="toc"><p><b>Table of Contents</b></p><dl><dt><span class="sect1"><a href="#mc.overview">4.1. Overview</a></span></dt></dl></div>',
      "<p>Memcheck is the default tool.</p>",
      '<div id="toc"><ul><li><a href="#opts">Options</a></li></ul></div>',
      '<h3 id="mc.overview">4.1. Overview</h3><p>Memcheck is a memory error detector.</p></div></body></html>',
    ].join("");
    const { markdown } = await convert(page);
    expect(markdown).not.toContain("Table of Contents");
    expect(markdown).not.toContain("[Options]");
    expect(markdown).toContain("# 4. Memcheck: a memory error detector\n\nMemcheck is the default tool.");
    expect(markdown.match(/4\.1\. Overview/g)?.length).toBe(1);
  });

  test("a title underlined in preformatted text (a NEWS file's releases) becomes a heading; the lines keep their numbers", async () => {
    const page = [
      '<html><body><div class="chapter"><h2>2. NEWS</h2><div class="literallayout"><p>',
      "Release\u00a03.19.0\u00a0(11\u00a0Apr\u00a02022)<br>~~~~~~~~~~~~~~~~~~~~~~~~~~~~<br><br>",
      "This\u00a0release\u00a0supports\u00a0X86/Linux.<br><br>",
      "Release\u00a03.18.0\u00a0(15\u00a0Oct\u00a02021)<br>~~~~~~~~~~~~~~~~~~~~~~~~~~~~<br><br>",
      "*\u00a0New\u00a0option\u00a0--show-error-list.</p></div></div></body></html>",
    ].join("");
    const { markdown } = await convert(page);
    const lines = markdown.split("\n");
    // A level below the heading above it (`## 2. NEWS`).
    expect(lines).toContain("### Release 3.19.0 (11 Apr 2022)");
    expect(lines).toContain("### Release 3.18.0 (15 Oct 2021)");
    // The underline stays, as text: the release's lines keep the numbers they had.
    expect(lines[lines.indexOf("### Release 3.19.0 (11 Apr 2022)") + 1]).toMatch(/^\\~+$/);
    // A line of tildes in prose under no short title stays as it is.
    const prose = await convert(
      "<html><body><h1>Notes</h1><p>A first paragraph that runs well past eighty characters, as prose does, and goes on.<br>~~~~</p></body></html>",
    );
    expect(prose.markdown).not.toContain("## A first");
  });

  test("the result does not depend on how the bytes are split", async () => {
    const page = docsPage(3);
    const whole = await convert(page, 1 << 20);
    for (const size of [1, 7, 100, 1000]) expect((await convert(page, size)).markdown).toBe(whole.markdown);
  });

  const cases: [string, string, (md: string) => void][] = [
    [
      "main without article",
      "<body><nav>NAV</nav><main><h2>Guide</h2><p>Main text here.</p></main><footer>FOOT</footer></body>",
      (md) => {
        expect(md).toBe("## Guide\n\nMain text here.");
      },
    ],
    [
      "no main or article: the body minus chrome",
      "<body><header><nav>NAV</nav>HEADER</header><h1>Plain</h1><p>Body text.</p><aside>SIDE</aside></body>",
      (md) => {
        expect(md).toBe("# Plain\n\nBody text.");
      },
    ],
    [
      "a teaser article loses to main",
      "<main><h1>Real</h1><p>" + "long content ".repeat(50) + "</p><article><p>teaser</p></article></main>",
      (md) => {
        expect(md).toStartWith("# Real");
        expect(md).toContain("teaser");
      },
    ],
    [
      "several articles are kept in order",
      "<main><article><h2>One</h2></article><p>x</p><article><h2>Two</h2></article></main>",
      (md) => {
        expect(md).toBe("## One\n\n## Two");
      },
    ],
    [
      "pre without code, language on the pre, tabs and blank lines kept",
      '<pre class="language-go">func main() {\n\tfmt.Println("a_b*c")\n\n\treturn\n}</pre>',
      (md) => {
        expect(md).toBe('```go\nfunc main() {\n\tfmt.Println("a_b*c")\n\n\treturn\n}\n```');
      },
    ],
    [
      "one block per line highlighters and <br> become newlines",
      '<pre><code data-language="SQL"><div class="line">SELECT *</div><div class="line">FROM t_x</div></code></pre><pre>a<br>b</pre>',
      (md) => {
        expect(md).toBe("```sql\nSELECT *\nFROM t_x\n```\n\n```\na\nb\n```");
      },
    ],
    [
      "code holding a triple backtick gets a longer fence",
      "<pre><code>```js\nx\n```</code></pre>",
      (md) => {
        expect(md).toBe("````\n```js\nx\n```\n````");
      },
    ],
    [
      "line numbers and copy buttons are dropped",
      '<pre><span class="linenos">1</span>x = 1<button>Copy</button></pre>',
      (md) => {
        expect(md).toBe("```\nx = 1\n```");
      },
    ],
    [
      "prose keeps underscores and stars; a line that would become a heading is escaped",
      "<p>snake_case and 2*3</p><p># not a heading</p>",
      (md) => {
        expect(md).toBe("snake_case and 2*3\n\n\\# not a heading");
      },
    ],
    [
      "images become their alt text; fragment and javascript links become text",
      '<p><img src="a.png" alt="Flow diagram"><img src="b.png"> <a href="#x">here</a> <a href="javascript:void(0)">js</a> <a href="/abs">abs</a></p>',
      (md) => {
        expect(md).toBe("Flow diagram here js [abs](https://docs.harbor.test/abs)");
      },
    ],
    [
      "<base href> changes where relative links point",
      '<head><base href="https://cdn.harbor.test/v2/"></head><body><p><a href="page">p</a></p></body>',
      (md) => {
        expect(md).toBe("[p](https://cdn.harbor.test/v2/page)");
      },
    ],
    [
      "a layout table converts as blocks, a data table without thead uses its first row",
      '<table><tr><td><pre>code()</pre></td></tr></table><table><tr><td>a</td><td>b</td></tr><tr><td colspan="2">wide</td></tr></table>',
      (md) => {
        expect(md).toBe("```\ncode()\n```\n\n| a | b |\n| --- | --- |\n| wide | |");
      },
    ],
    [
      "a page with a title but no h1 gets the title as its h1",
      "<title>Only &amp; title</title><main><p>text</p></main>",
      (md) => {
        expect(md).toBe("# Only & title\n\ntext");
      },
    ],
    [
      "a comment line in code is no h1: the title still becomes one",
      "<title>Setup</title><main><pre># install first\nmake</pre></main>",
      (md) => {
        expect(md).toBe("# Setup\n\n```\n# install first\nmake\n```");
      },
    ],
    [
      "a note or warning box's own title labels the box, not a section: the options after it stay in theirs",
      '<h1>pg_dump</h1><h2>Options</h2><p>-a: data only.</p><div class="note"><h3 class="title">Note</h3><p>Roles are not dumped.</p></div><p>-c: clean first.</p><div class="admonition warning"><h4>Careful</h4><p>Drops objects.</p></div><h2>Examples</h2><p>pg_dump db</p>',
      (md) => {
        expect(md.match(/^#+ .*$/gm)).toEqual(["# pg_dump", "## Options", "## Examples"]);
        expect(md).toContain("**Note**\n\nRoles are not dumped.");
        expect(md).toContain("**Careful**");
      },
    ],
    [
      "consent dialogs and screen-reader-only text are dropped",
      '<div class="onetrust-banner">ONETRUST</div><div role="dialog">MODAL</div><p>Keep <span class="sr-only">SRONLY</span>this</p>',
      (md) => {
        expect(md).toBe("Keep this");
      },
    ],
  ];
  for (const [name, html, check] of cases) {
    test(name, async () => check((await convert(html)).markdown));
  }

  test("a 5 MB page streams through in chunks and converts whole", async () => {
    const page = docsPage(18_000);
    expect(page.length).toBeGreaterThan(5 * 1024 * 1024);
    const { markdown } = await convert(page, 64 * 1024);
    expect(markdown).toContain("## Section 17999 about delivery window 17999");
    expect(markdown).toContain("```js\nexport const window17999 = configureWindow({ id: 17999, size: 125993 });\n```");
    expect(markdown).toEndWith("END_OF_ARTICLE_MARKER");
    for (const marker of CHROME_MARKERS) expect(markdown.includes(marker)).toBe(false);
  });
});
