import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { repoRoot } from "./helpers/temp.ts";

/**
 * The layers, top to bottom:
 *
 *   entry → cli → {mcp, hooks, agents, report, doctor} → {sandbox, fetch, session} → store → runtime
 *
 * discover (reading the hosts' transcripts) sits between report and hooks: it judges each recorded
 * call by the hooks' own routing rules, and the report shows its numbers.
 * with config below all, and src/errors.ts and src/preview/ leaves any layer may use. The host
 * registry (src/hosts/) sits below the layers that act for a host and above none. A layer may
 * use any layer below it; the edges between peers are named one by one. Each folder of src/ is
 * one layer (hooks/hosts/ is hooks); every import between two of them must be listed here.
 */
const ALLOWED: Record<string, string[]> = {
  entry: ["cli"],
  cli: ["mcp", "hooks", "agents", "report", "doctor", "discover", "hosts", "sandbox", "fetch", "session", "store", "runtime"],
  mcp: ["doctor", "hosts", "sandbox", "fetch", "session", "store", "runtime"], // ctx_doctor runs the doctor's checks
  doctor: ["agents", "hosts", "sandbox", "fetch", "session", "store", "runtime"], // it checks each host's wiring
  agents: ["hooks", "hosts", "sandbox", "fetch", "session", "store", "runtime"], // setup writes the hooks' instruction text
  report: ["discover", "hosts", "sandbox", "fetch", "session", "store", "runtime"], // the "context actually used" section
  discover: ["hooks", "hosts", "sandbox", "session", "store", "runtime"], // the hooks' routing rules judge each recorded call
  hooks: ["hosts", "sandbox", "session", "store", "runtime"], // not fetch: a hook loads no turndown
  hosts: [], // the host registry: facts only, read by setup, doctor and the hook adapters
  sandbox: ["store", "runtime"],
  fetch: ["store", "runtime"],
  session: ["store", "runtime"], // host-neutral
  store: ["runtime"], // no protocol, host or CLI
  runtime: [],
  config: [],
};
const LEAVES = ["config", "errors", "preview"];

/** Packages only some layers may load; node:* and packages not named here are free to all. */
const PACKAGES: Record<string, string[]> = {
  "@modelcontextprotocol/sdk": ["mcp"],
  zod: ["mcp"],
  cac: ["cli"],
  turndown: ["fetch"],
  "html-rewriter-wasm": ["runtime"],
  "node:sqlite": ["runtime"],
  "bun:": ["runtime"],
};

interface Edge {
  file: string;
  spec: string;
  /** Repo-relative path of a relative import, else the bare specifier. */
  target: string;
}

/**
 * Every module a file names: `import … from`, `export … from` (type-only ones too: a type is a
 * dependency of the design if not of the bundle), bare `import "x"`, and `import("x")`. Top-level
 * statements start a line in this codebase, so a string holding the word import is not one.
 */
function importsOf(file: string, text: string): Edge[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm)) specs.push(m[1]!);
  for (const m of text.matchAll(/^import\s*["']([^"']+)["']/gm)) specs.push(m[1]!);
  for (const line of text.split("\n")) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue; // a comment may show an import
    for (const m of line.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1]!);
  }
  return specs.map((spec) => ({ file, spec, target: spec.startsWith(".") ? relative(repoRoot, resolve(repoRoot, dirname(file), spec)) : spec }));
}

const imports = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).imports as Record<string, Record<string, string>>;

/** The layer of a repo-relative path under src/ (`src/errors.ts` is `errors`), or undefined outside src/. */
function layerOf(path: string): string | undefined {
  if (path.startsWith("#")) return imports[path] ? layerOf(join(imports[path]!.default!)) : undefined;
  if (!path.startsWith("src/")) return undefined;
  const [top] = path.slice(4).split("/");
  return top!.replace(/\.ts$/, "");
}

const files = [...new Bun.Glob("src/**/*.ts").scanSync(repoRoot)].sort();
const edges = files.flatMap((file) => importsOf(file, readFileSync(join(repoRoot, file), "utf8")));

test("the scan sees the import graph: static, type-only, re-exports and dynamic imports", () => {
  expect(files.length).toBeGreaterThan(100);
  expect(edges.length).toBeGreaterThan(500);
  const found = (file: string, spec: string) => edges.some((e) => e.file === file && e.spec === spec);
  expect(found("src/cli/main.ts", "./hook-command.ts")).toBe(true); // dynamic
  expect(found("src/entry/bun.ts", "../cli/main.ts")).toBe(true);
  expect(
    importsOf("src/a/x.ts", 'export type { T } from "../b/t.ts";\nimport type {\n  U,\n} from "#sqlite";\nconst s = \'import "fmt"\';\n// import("../c.ts")\n'),
  ).toEqual([
    { file: "src/a/x.ts", spec: "../b/t.ts", target: "src/b/t.ts" },
    { file: "src/a/x.ts", spec: "#sqlite", target: "#sqlite" },
  ]);
});

test("the layer table names every folder of src/ and has no cycle", () => {
  const layers = new Set(files.map((f) => layerOf(f)!));
  for (const leaf of LEAVES) layers.delete(leaf);
  expect([...layers].filter((l) => !(l in ALLOWED))).toEqual([]);
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    ALLOWED[from]!.some((n) => n === to || (!seen.has(n) && (seen.add(n), reaches(n, to, seen))));
  expect(Object.keys(ALLOWED).filter((l) => reaches(l, l))).toEqual([]);
});

test("every import between layers is an allowed edge", () => {
  const bad: string[] = [];
  for (const { file, spec, target } of edges) {
    const from = layerOf(file)!;
    const to = layerOf(target);
    if (to === undefined) {
      // Outside src/: text assets compiled in (skills, built plugins), never code.
      if (spec.startsWith(".") && /\.[cm]?[jt]sx?$/.test(target)) bad.push(`${file} → ${spec} (outside src/)`);
      continue;
    }
    if (to === from || LEAVES.includes(to) || ALLOWED[from]?.includes(to)) continue;
    bad.push(`${file} → ${target} (${from} → ${to})`);
  }
  expect(bad).toEqual([]);
});

test("the MCP SDK, zod, cac, turndown, SQLite and the HTML rewriters load only in their layer", () => {
  const bad: string[] = [];
  for (const { file, spec } of edges) {
    const pkg = Object.keys(PACKAGES).find((p) => spec === p || spec.startsWith(p.endsWith(":") ? p : `${p}/`));
    if (pkg && !PACKAGES[pkg]!.includes(layerOf(file)!)) bad.push(`${file} → ${spec}`);
  }
  expect(bad).toEqual([]);
});
