import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { decodeText, looksBinary, walkFiles } from "../../src/store/walk.ts";
import { tempDir } from "../helpers/temp.ts";

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

const walk = (root: string, dir = root) => walkFiles(dir, { maxFiles: 1000 }).map((f) => relative(root, f).split("\\").join("/"));

function git(cwd: string, ...args: string[]): void {
  const r = Bun.spawnSync(["git", ...args], { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`);
}

describe("walkFiles", () => {
  test("in a git work tree a sub-folder honours the root .gitignore, nested ones, info/exclude and core.excludesFile", () => {
    const top = tempDir();
    const repo = join(top, "repo");
    mkdirSync(repo);
    git(repo, "init", "-q");
    write(top, { "global-ignore": "*.bak\n" });
    git(repo, "config", "core.excludesFile", join(top, "global-ignore"));
    write(repo, {
      ".gitignore": "dist/\n*.log\n!keep.log\n",
      ".git/info/exclude": "notes-local.md\n",
      "pkg/.gitignore": "generated/\n",
      "pkg/dist/out.js": "built\n",
      "pkg/src/x.log": "log\n",
      "pkg/src/keep.log": "kept\n",
      "pkg/src/a.ts": "export const a = 1;\n",
      "pkg/src/a.ts.bak": "old\n",
      "pkg/notes-local.md": "mine\n",
      "pkg/generated/g.ts": "gen\n",
      "pkg/node_modules/dep/index.js": "dep\n",
      "pkg/README.md": "# pkg\n",
      "other/b.ts": "outside the folder\n",
    });
    git(repo, "add", "pkg/README.md");
    symlinkSync(join(repo, "other", "b.ts"), join(repo, "pkg", "link.ts"));
    expect(walk(repo, join(repo, "pkg"))).toEqual(["pkg/.gitignore", "pkg/README.md", "pkg/src/a.ts", "pkg/src/keep.log"]);
    // The work tree's top-level itself: the same rules, in name order, depth first.
    expect(walk(repo)).toEqual([".gitignore", "other/b.ts", "pkg/.gitignore", "pkg/README.md", "pkg/src/a.ts", "pkg/src/keep.log"]);
  });

  test("a plain folder honours .gitignore files up to the first folder with .git: character classes, negations", () => {
    const top = tempDir();
    write(top, {
      // Above the stopping folder: never read.
      ".gitignore": "*.md\n",
      "proj/.git/info/exclude": "scratch/\n",
      "proj/.gitignore": "*.[oa]\n!lib[0-9].a\n/build\n",
      "proj/src/.gitignore": "*.tmp\n!important.tmp\n",
      "proj/src/main.c": "int main;\n",
      "proj/src/main.o": "obj\n",
      "proj/src/libz.a": "ar\n",
      "proj/src/lib1.a": "kept by the negation\n",
      "proj/src/x.tmp": "tmp\n",
      "proj/src/important.tmp": "kept\n",
      "proj/src/build/keep.c": "only the top build/ is anchored\n",
      "proj/src/README.md": "# src\n",
      "proj/build/out.c": "built\n",
      "proj/scratch/s.c": "scratch\n",
    });
    expect(walk(join(top, "proj"), join(top, "proj", "src"))).toEqual([
      "src/.gitignore",
      "src/README.md",
      "src/build/keep.c",
      "src/important.tmp",
      "src/lib1.a",
      "src/main.c",
    ]);
    expect(walk(join(top, "proj"))).toEqual([
      ".gitignore",
      "src/.gitignore",
      "src/README.md",
      "src/build/keep.c",
      "src/important.tmp",
      "src/lib1.a",
      "src/main.c",
    ]);
  });

  test("stops at maxFiles", () => {
    const top = tempDir();
    write(top, { "a/1.txt": "1", "a/2.txt": "2", "b.txt": "3" });
    expect(walkFiles(top, { maxFiles: 2 }).map((f) => relative(top, f))).toEqual(["a/1.txt", "a/2.txt"]);
  });
});

describe("reading a file's bytes as text", () => {
  const latin1 = Buffer.from("Antonio Diaz D\xedaz, Fran\xe7ois\n", "latin1");
  test.each([
    ["UTF-8", Buffer.from("naïve café — 中文\n"), "naïve café — 中文\n"],
    ["UTF-8 with a BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("héllo")]), "héllo"],
    ["Latin-1", latin1, "Antonio Diaz Díaz, François\n"],
    ["Windows-1252 quotes", Buffer.from([0x93, 0x68, 0x69, 0x94, 0x20, 0x80]), "\u201chi\u201d €"],
    ["UTF-16LE with a BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("wide ü", "utf16le")]), "wide ü"],
    [
      "UTF-8 with one stray byte: the rest stays UTF-8",
      Buffer.concat([Buffer.from("café, naïve, 中文 "), Buffer.from([0xe9]), Buffer.from(" ok")]),
      "café, naïve, 中文 \ufffd ok",
    ],
  ])("%s", (_, bytes, text) => {
    expect(looksBinary(bytes)).toBe(false);
    expect(decodeText(bytes)).toBe(text);
  });

  test.each([
    ["a NUL byte", Buffer.from([0x41, 0x00, 0x42])],
    ["control bytes that no text holds", Buffer.from(Array.from({ length: 200 }, (_, i) => 1 + ((i * 37) % 254)))],
  ])("binary: %s", (_, bytes) => {
    expect(looksBinary(bytes)).toBe(true);
  });
});
