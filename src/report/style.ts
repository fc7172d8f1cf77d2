/**
 * The page's only stylesheet, inlined. Colours are picked for WCAG AA on both schemes: text at
 * least 4.5:1 against its background, chart marks at least 3:1; dark mode follows the system.
 */
export const STYLE = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --card: #f6f8fa; --link: #0550ae;
  --kept: #0969da; --returned: #bc4c00; --p4: #cf222e; --p3: #9a6700; --p2: #0969da; --p1: #59636e;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --card: #151b23; --link: #58a6ff;
    --kept: #4493f8; --returned: #f0883e; --p4: #f85149; --p3: #d29922; --p2: #4493f8; --p1: #9198a1;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
main, header, footer { max-width: 1040px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 24px; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.25rem; margin: 40px 0 8px; padding-top: 8px; border-top: 1px solid var(--line); }
h3 { font-size: 1rem; margin: 20px 0 6px; }
p, .note { color: var(--muted); margin: 4px 0 12px; }
a { color: var(--link); }
a:focus-visible, summary:focus-visible, [tabindex]:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.86rem; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 0; margin: 12px 0 0; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin: 20px 0 0; }
.cards div { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
.cards dt { color: var(--muted); font-size: 0.85rem; }
.cards dd { margin: 2px 0 0; font-size: 1.35rem; font-weight: 600; }
.cards dd small { display: block; font-size: 0.8rem; font-weight: 400; color: var(--muted); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--muted); padding: 4px 0; }
th, td { text-align: left; padding: 5px 10px 5px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; font-size: 0.85rem; color: var(--muted); }
td.n, th.n { text-align: right; white-space: nowrap; }
td.text { word-break: break-word; }
.bar { display: inline-block; width: 120px; height: 10px; background: var(--returned); border-radius: 2px; vertical-align: middle; overflow: hidden; }
.bar span { display: block; height: 100%; background: var(--kept); }
.chart { width: 100%; height: auto; display: block; margin: 8px 0; }
.chart .grid { stroke: var(--line); stroke-width: 1; }
.chart .axis { fill: var(--muted); font-size: 11px; }
.chart .kept { fill: var(--kept); }
.chart .returned { fill: var(--returned); }
.chart .tick { stroke-width: 2; }
.p4 { stroke: var(--p4); color: var(--p4); } .p3 { stroke: var(--p3); color: var(--p3); }
.p2 { stroke: var(--p2); color: var(--p2); } .p1 { stroke: var(--p1); color: var(--p1); }
.legend { display: flex; gap: 16px; font-size: 0.85rem; color: var(--muted); margin: 0; padding: 0; list-style: none; }
.legend li::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 6px; border-radius: 2px; background: var(--swatch); vertical-align: -1px; }
.type { font-weight: 600; white-space: nowrap; }
.resolved { color: var(--muted); text-decoration: line-through; }
pre.state { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px; white-space: pre-wrap; word-break: break-word; }
details { margin: 8px 0; }
summary { cursor: pointer; color: var(--link); }
footer { color: var(--muted); font-size: 0.85rem; padding: 32px 20px 40px; }
`;
