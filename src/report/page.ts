import { dateTime, esc } from "./format.ts";
import { daysSection, journalSection, latencySection, routesSection, sessionsSection, sourcesSection, summaryCards, toolsSection } from "./sections.ts";
import { STYLE } from "./style.ts";
import { contextUsedSection } from "./context-used.ts";
import type { Report } from "./types.ts";

/**
 * Content-Security-Policy of the page: it may load nothing at all (no script, font, image or
 * fetch), so a report opened anywhere makes no network request and runs no code.
 */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const NAV = [
  ["days", "Over time"],
  ["tools", "Per tool"],
  ["sessions", "Per session"],
  ["sources", "Sources"],
  ["routes", "Routing"],
  ["latency", "Latency"],
  ["journal", "Journal"],
  ["context", "Context used"],
] as const;

/** The whole report as one self-contained HTML document: inline CSS and SVG, no script. */
export function renderPage(r: Report): string {
  const scope = r.allProjects ? `all projects (${r.projects})` : r.title;
  const nav = `<nav aria-label="Sections"><ul>${NAV.map(([id, label]) => `<li><a href="#${id}-h">${label}</a></li>`).join("")}</ul></nav>`;
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    // An empty data: icon keeps browsers from asking for /favicon.ico.
    '<link rel="icon" href="data:,">',
    `<title>ctxmode report: ${esc(scope)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    `<header><h1>ctxmode report</h1><p>${esc(scope)} · generated ${dateTime(r.generatedAt)} · ctxmode ${esc(r.version)}</p>${nav}</header>`,
    "<main>",
    summaryCards(r),
    daysSection(r),
    toolsSection(r),
    sessionsSection(r),
    sourcesSection(r),
    routesSection(r),
    latencySection(r),
    journalSection(r),
    contextUsedSection(r.contextUsed),
    "</main>",
    "<footer>Written offline from the local database, opened read-only. This page loads nothing from the network.</footer>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
