import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { shellQuote } from "../../src/hosts/shell-quote.ts";

const CASES: [word: string, quoted: string][] = [
  ["/usr/local/bin/ctxmode", "/usr/local/bin/ctxmode"],
  ["https://docs.example.com/guide/install", "https://docs.example.com/guide/install"],
  ["https://x.test/?a=1&b=2", "'https://x.test/?a=1&b=2'"],
  ["/Users/me/My Tools/ctxmode", "'/Users/me/My Tools/ctxmode'"],
  ["it's", "'it'\\''s'"],
  ["$(id)", "'$(id)'"],
  ["", "''"],
];

test.each(CASES)("shellQuote(%p) is %p", (word, quoted) => {
  expect(shellQuote(word)).toBe(quoted);
});

test("a quoted word reaches sh as the one argument it was", () => {
  for (const [word] of CASES) {
    const r = spawnSync("sh", ["-c", `printf %s ${shellQuote(word)}`], { encoding: "utf8" });
    expect(r.stdout).toBe(word);
  }
});
