/**
 * The bench project each subject works in: a temp git-less project root (a `.git` dir marks it)
 * holding the fixtures, the scripts the scripted session runs, and the 10 MB corpus as files.
 * Also the 127.0.0.1 server the redirect rows fetch from.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { makeCorpus } from "../corpus.ts";
import { sha256File } from "../stats.ts";

export interface CaseInput {
  path: string;
  sha256: string;
}

/** Fails when a case file's input is not the file it names. */
export function checkInput(repoRoot: string, input: CaseInput): string {
  const abs = join(repoRoot, input.path);
  const actual = sha256File(abs);
  if (actual !== input.sha256) throw new Error(`${input.path}: sha256 ${actual} does not match the case file's ${input.sha256}`);
  return abs;
}

export const CORPUS_DIR = "corpus";

/** Writes a project at `dir`: fixtures/, scripts/<name>.sh printing a fixture, and corpus/ (10 MB). */
export function makeProject(
  dir: string,
  fixturesDir: string,
  scripts: { script: string; file: string }[],
  corpusBytes: number,
): { corpusBytes: number; corpusQueries: string[] } {
  mkdirSync(join(dir, ".git"), { recursive: true });
  mkdirSync(join(dir, "fixtures"), { recursive: true });
  for (const name of readdirSync(fixturesDir)) copyFileSync(join(fixturesDir, name), join(dir, "fixtures", name));
  mkdirSync(join(dir, "scripts"), { recursive: true });
  for (const s of scripts) writeFileSync(join(dir, "scripts", `${s.script}.sh`), `#!/bin/sh\ncat fixtures/${s.file}\n`);
  if (corpusBytes === 0) return { corpusBytes: 0, corpusQueries: [] };
  const { docs, queries } = makeCorpus(corpusBytes);
  mkdirSync(join(dir, CORPUS_DIR), { recursive: true });
  let bytes = 0;
  // Extensions both tools index from a directory by default: .md, .txt, .json.
  const ext = { markdown: "md", text: "txt", json: "json" } as const;
  for (const d of docs) {
    writeFileSync(join(dir, CORPUS_DIR, `${d.label.replace(/^corpus\//, "")}.${ext[d.kind]}`), d.text);
    bytes += Buffer.byteLength(d.text);
  }
  return { corpusBytes: bytes, corpusQueries: queries };
}

/** A route the local server answers: a file as is, or markdown files joined and rendered as HTML. */
export interface Route {
  path: string;
  type: string;
  body: Buffer;
}

export async function serveRoutes(routes: Route[]): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const route = routes.find((r) => r.path === req.url);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": route.type, "content-length": String(route.body.length) });
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A docs page as sites serve it: the markdown's headings, paragraphs, lists and code as HTML in a page shell. */
export function markdownPage(title: string, markdown: string): string {
  const html: string[] = [];
  let code: string[] | undefined;
  let list = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) {
      if (code) {
        html.push(`<pre><code>${esc(code.join("\n"))}</code></pre>`);
        code = undefined;
      } else code = [];
      continue;
    }
    if (code) {
      code.push(line);
      continue;
    }
    const item = /^\s*[-*] (.*)/.exec(line);
    if (list && !item) {
      html.push("</ul>");
      list = false;
    }
    const h = /^(#{1,6}) (.*)/.exec(line);
    if (h) html.push(`<h${h[1]!.length}>${esc(h[2]!)}</h${h[1]!.length}>`);
    else if (item) {
      if (!list) html.push("<ul>");
      list = true;
      html.push(`<li>${esc(item[1]!)}</li>`);
    } else if (line.trim()) html.push(`<p>${esc(line)}</p>`);
  }
  if (list) html.push("</ul>");
  const nav = Array.from({ length: 60 }, (_, i) => `<li><a href="/docs/page-${i}">Guide ${i}</a></li>`).join("");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>body{font-family:system-ui}pre{background:#f6f8fa}</style></head><body><header><nav><ul>${nav}</ul></nav></header><main><article>${html.join("\n")}</article></main><footer><p>Docs footer</p></footer></body></html>`;
}

export const readText = (path: string) => readFileSync(path, "utf8");
