import { describe, expect, test } from "bun:test";
import { isHtmlPage, localPageText } from "../../src/fetch/local-page.ts";

describe("local HTML pages", () => {
  test.each([
    ["docs/api.html", "<!doctype html><p>x</p>", true],
    ["docs/API.HTM", "<html><body>x</body></html>", true],
    ["src/app/list.component.html", '<ul><li *ngFor="let x of xs">{{ x }}</li></ul>', false],
    ["templates/base.html", "<!DOCTYPE html><html><body>{% block content %}{% endblock %}</body></html>", false],
    ["src/App.html", '<html><body><div v-if="ok">x</div></body></html>', false],
    ["partials/footer.html", "<footer>© 2024</footer>", false],
    ["doc/go_mem.html", '<!--{"Title": "Memory model"}-->\n<h2 id="intro">Introduction</h2>\n<p>a</p><p>b</p>\n<h2>Advice</h2>\n<p>c</p><p>d</p>', true],
    ["partials/card.html", '<div class="card"><h3>Title</h3><p>Body</p></div>', false],
    ["notes.txt", "<h2>A</h2><p>a</p><p>b</p><h2>B</h2><p>c</p><p>d</p>", false],
    ["saved", "<!DOCTYPE html><html><body>x</body></html>", true],
    ["notes.txt", "  <html><head><title>t</title></head></html>", true],
    ["component.vue", "<template><div/></template>", false],
    ["README.md", "# Title\n\n<details>html inside markdown</details>", false],
    ["data.xml", '<?xml version="1.0"?><root/>', false],
  ])("%s is a page: %p", (path, text, page) => {
    expect(isHtmlPage(path, text)).toBe(page);
  });

  test("a page becomes markdown with its headings; navigation and scripts go", async () => {
    const out = await localPageText(
      "/docs/x.html",
      "<html><head><title>T</title><script>track()</script></head><body><nav><a href='/'>Home</a></nav><main><h1>Guide</h1><h2>Install</h2><p>Run <code>make</code>.</p></main></body></html>",
    );
    expect(out?.kind).toBe("markdown");
    expect(out?.text).toContain("# Guide");
    expect(out?.text).toContain("## Install");
    expect(out?.text).toContain("`make`");
    expect(out?.text).not.toContain("track()");
  });

  test("a docs fragment (no html or body element) becomes markdown too", async () => {
    const out = await localPageText(
      "/doc/spec.html",
      '<!--{\n\t"Title": "The Spec"\n}-->\n<h2 id="Types">Types</h2>\n<p>A type.</p>\n<h3 id="Interface_types">Interface types</h3>\n<p>An interface.</p><p>More.</p><p>Even more.</p>',
    );
    expect(out?.kind).toBe("markdown");
    expect(out?.text).toContain("## Types");
    expect(out?.text).toContain("### Interface types");
    expect(out?.text).not.toContain("<p>");
    // The title its metadata comment names roots the headings, as a page's <title> does.
    expect(out?.text.startsWith("# The Spec\n")).toBe(true);
  });

  test.each([
    ['<!--{ "Title": "A \\"quoted\\" <b> title", "Path": "/x" }-->', '# A "quoted" <b> title'],
    ['<!--{ "Subtitle": "no title here" }-->', undefined],
    ['<!-- Title: "not JSON" -->', undefined],
    ['<!--{ "Title": "" }-->', undefined],
  ])("metadata comment %s gives the root %p", async (comment, root) => {
    const out = await localPageText("/doc/x.html", `${comment}\n<h2>A</h2><p>a</p><p>b</p><h2>B</h2><p>c</p><p>d</p>`);
    const first = out?.text.split("\n")[0];
    if (root) expect(first).toBe(root);
    else expect(first).toBe("## A");
  });

  test("a whole document keeps its own title over a metadata comment", async () => {
    const out = await localPageText("/doc/x.html", '<!--{ "Title": "Meta" }--><html><head><title>Own</title></head><body><p>x</p></body></html>');
    expect(out?.text).toContain("# Own");
    expect(out?.text).not.toContain("Meta");
  });

  test("other files are left as they are", async () => {
    expect(await localPageText("/src/a.ts", "export const a = 1;\n")).toBeUndefined();
  });
});
