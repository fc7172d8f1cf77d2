import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "bun:test";
import { runCtx } from "../helpers/cli.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";
import { makeProject } from "../mcp/helpers.ts";
import { Chromium, chromiumPath, type PageLog } from "./chromium.ts";
import { scriptedSession, SESSION, statsJson } from "./session.ts";

const project = makeProject();
const profile = tempDir("ctxmode-chromium-");
const results = join(repoRoot, "test-results");

/** In the page: every text element's contrast against its background, and chart marks' against the page. */
const CONTRAST_CHECK = `(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const bgOf = (el) => { for (let e = el; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; const v = rgb(c); if (v.length === 3 || (v.length === 4 && v[3] > 0)) return c; } return getComputedStyle(document.documentElement).backgroundColor; };
  const low = [];
  for (const el of document.querySelectorAll("h1, h2, h3, p, th, td, dt, dd, small, caption, a, summary, li, code, pre, footer")) {
    if (!el.textContent.trim()) continue;
    const r = ratio(getComputedStyle(el).color, bgOf(el));
    if (r < 4.5) low.push(el.tagName + " " + el.textContent.trim().slice(0, 30) + " " + r.toFixed(2));
  }
  const page = bgOf(document.body);
  for (const el of document.querySelectorAll("svg text")) { const r = ratio(getComputedStyle(el).fill, page); if (r < 4.5) low.push("svg text " + r.toFixed(2)); }
  for (const el of document.querySelectorAll("svg rect, svg line.tick")) { const s = getComputedStyle(el); const r = ratio(el.tagName === "rect" ? s.fill : s.stroke, page); if (r < 3) low.push("svg mark " + el.getAttribute("class") + " " + r.toFixed(2)); }
  return { background: page, low };
})()`;

/** In the page: what a screen reader needs: captions, header scopes, labelled charts, one h1, sections named by headings. */
const STRUCTURE_CHECK = `(() => ({
  lang: document.documentElement.lang,
  h1: document.querySelectorAll("h1").length,
  tablesWithoutCaption: [...document.querySelectorAll("table")].filter((t) => !t.caption || !t.caption.textContent.trim()).length,
  thWithoutScope: [...document.querySelectorAll("th")].filter((th) => !th.getAttribute("scope")).length,
  unlabelledCharts: [...document.querySelectorAll("svg")].filter((s) => s.getAttribute("role") !== "img" || !document.getElementById(s.getAttribute("aria-labelledby") || "")?.textContent.trim()).length,
  charts: document.querySelectorAll("svg[role=img]").length,
  unnamedSections: [...document.querySelectorAll("section")].filter((s) => !document.getElementById(s.getAttribute("aria-labelledby") || "")).length,
  cards: Object.fromEntries([...document.querySelectorAll("[data-stat]")].map((e) => [e.dataset.stat, Number(e.dataset.value)])),
  tools: Object.fromEntries([...document.querySelectorAll("tr[data-tool]")].map((tr) => [tr.dataset.tool, Object.fromEntries([...tr.querySelectorAll("[data-field]")].map((td) => [td.dataset.field, Number(td.dataset.value)]))])),
  visibleKeptOut: document.querySelector("[data-stat=keptOut]").firstChild.textContent,
}))()`;

describe("the report in headless Chromium", () => {
  test.skipIf(!chromiumPath)(
    "renders with no console error and no network request; numbers, structure and contrast hold in light and dark",
    async () => {
      const s = await scriptedSession(project);
      const out = join(project.dataDir, "..", "report.html");
      const r = runCtx(["report", "--out", out, "--project", project.dir, "--session", SESSION], { dataDir: project.dataDir, cwd: project.dir, env: s.env });
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
      const stats = statsJson(s).scopes[1]!;

      const log: PageLog = { errors: [], requests: [] };
      const browser = await Chromium.launch(profile);
      try {
        const page = await browser.newPage(log);
        const url = pathToFileURL(out).href;
        await page.goto(url);

        const structure = await page.evaluate<any>(STRUCTURE_CHECK);
        expect(structure).toMatchObject({ lang: "en", h1: 1, tablesWithoutCaption: 0, thWithoutScope: 0, unlabelledCharts: 0, unnamedSections: 0 });
        expect(structure.charts).toBe(2); // bytes per day, journal timeline
        expect(structure.cards).toMatchObject({ calls: stats.calls, returned: stats.returned, keptOut: stats.keptOut, tokensKeptOut: stats.tokensKeptOut });
        expect(structure.tools).toEqual(Object.fromEntries(stats.tools.map((t) => [t.tool, { calls: t.calls, returned: t.returned, keptOut: t.keptOut }])));
        expect(structure.visibleKeptOut).toMatch(/^\d+(\.\d)? (KB|MB)$/);

        mkdirSync(results, { recursive: true });
        const light = await page.evaluate<{ background: string; low: string[] }>(CONTRAST_CHECK);
        expect(light.low).toEqual([]);
        writeFileSync(join(results, "report.png"), await page.screenshot(1100));

        await page.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: "dark" }] });
        const dark = await page.evaluate<{ background: string; low: string[] }>(CONTRAST_CHECK);
        expect(dark.background).not.toBe(light.background);
        expect(dark.low).toEqual([]);
        writeFileSync(join(results, "report-dark.png"), await page.screenshot(1100));

        // The page itself is the only load; nothing else was asked for, over any scheme.
        expect(log.requests.filter((u) => u !== url)).toEqual([]);
        expect(log.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
