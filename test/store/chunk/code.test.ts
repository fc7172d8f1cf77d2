import { describe, expect, test } from "bun:test";
import { chunkText } from "../../../src/store/chunk/index.ts";
import { expectExactLineCover, expectValidChunks } from "./chunk-checks.ts";

const code = (t: string, name: string, maxChunk = 4096) => chunkText(t, "code", { maxChunk, name });

function fn(name: string, lines: number): string {
  return [
    `/** Does ${name}. */`,
    `export function ${name}(input: string): string {`,
    ...Array.from({ length: lines }, (_, i) => `  const step${i} = input.slice(${i}); // ${name}`),
    "  return input;",
    "}",
  ].join("\n");
}

describe("code", () => {
  test("breaks at top-level definitions, keeping doc comments with them", () => {
    const t = ["import { x } from './x.ts';", "", fn("alpha", 20), "", fn("beta", 20), "", fn("gamma", 20), ""].join("\n");
    const chunks = code(t, "mod.ts", 1500);
    expectValidChunks(chunks, t, 1500);
    expectExactLineCover(chunks, t);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks.slice(1)) expect(c.body.startsWith("/** Does ")).toBe(true);
    expect(chunks.every((c) => c.code)).toBe(true);
    expect(chunks[1]!.title).toMatch(/^mod\.ts lines \d+-\d+: export function \w+\(input: string\): string$/);
  });

  test.each([
    ["app.py", "import os\n\n\n@app.route('/')\ndef index():\n    return 'ok'\n", "def index()"],
    ["main.go", "package main\n\nfunc main() {\n\tprintln(1)\n}\n", "func main()"],
    ["lib.rs", "use std::io;\n\npub fn read() -> io::Result<()> {\n    Ok(())\n}\n", "pub fn read() -> io::Result<()>"],
    ["run.sh", "#!/bin/sh\nset -e\n\ndeploy() {\n  echo hi\n}\n", "deploy()"],
    ["x.c", "#include <stdio.h>\n\nint main(int argc, char **argv) {\n  return 0;\n}\n", "int main(int argc, char **argv)"],
    ["Main.java", "package x;\n\npublic class Main {\n  void run() {}\n}\n", "public class Main"],
  ])("%s is titled by its first definition", (name, t, signature) => {
    const chunks = code(t, name);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.title).toBe(`${name} lines 1-${t.trimEnd().split("\n").length}: ${signature}`);
  });

  test("a chunk's title names its other definitions after the first one's signature", () => {
    const t = ["import { x } from './x.ts';", "", fn("alpha", 2), "", fn("beta", 2), "", "export const GAMMA_LIMIT = 3;", "", fn("alpha", 1), ""].join("\n");
    const chunks = code(t, "mod.ts");
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.title).toBe(`mod.ts lines 1-${t.trimEnd().split("\n").length}: export function alpha(input: string): string (+ beta, GAMMA_LIMIT)`);
    const go = code("package x\n\nfunc (s *Server) Start() error {\n\treturn nil\n}\n\nfunc (s *Server) Stop() {\n}\n", "server.go");
    expect(go[0]!.title).toEndWith("func (s *Server) Start() error (+ Stop)");
  });

  test("code without definitions is split by lines", () => {
    const t = Array.from({ length: 500 }, (_, i) => `  x${i} = ${i}`).join("\n");
    const chunks = code(t, "data.toml", 1024);
    expectValidChunks(chunks, t, 1024);
    expectExactLineCover(chunks, t);
    expect(chunks[0]!.title).toMatch(/^data\.toml lines 1-\d+$/);
  });
});
