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

  test("other files are left as they are", async () => {
    expect(await localPageText("/src/a.ts", "export const a = 1;\n")).toBeUndefined();
  });
});
