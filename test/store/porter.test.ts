import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { openStore } from "../../src/store/db.ts";
import { stem, stemsHere } from "../../src/store/porter.ts";
import { sqliteStems, stems } from "../../src/store/term-stats.ts";
import { mulberry32 } from "../../bench/corpus.ts";
import { tempDir } from "../helpers/temp.ts";

/** Every distinct plain word of a folder's files. */
function wordsUnder(dir: string, into: Set<string>): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) wordsUnder(path, into);
    else {
      const bytes = readFileSync(path);
      // A changelog as Debian ships it, gzipped: its words, not its compressed bytes.
      const text = (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
      for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) into.add(w);
    }
  }
}

/** Words built to reach each rule: suffixes on short and long stems, y between letters, edge lengths. */
function builtWords(): string[] {
  const suffixes = (
    "s es sses ies ss eed ed ing at bl iz ational tional enci anci izer logi bli alli entli eli ousli ization ation ator alism iveness fulness ousness aliti iviti biliti " +
    "ical ness icate iciti ful ative alize al ance ence er ic able ible ant ement ment ent ion sion tion ou ism ate iti ous ive ize e ll y"
  ).split(" ");
  const stemsOf =
    "b tr hop fil cr conflat siz fail sky happ relat condition valen hesit digit radic formal sens sensit electr hope goodn adopt adjust depend bomb communi activ effect controll rol gener oscill".split(
      " ",
    );
  const out: string[] = [];
  for (const s of stemsOf) for (const x of suffixes) out.push(s + x, `${s}y${x}`, `${s}e${x}`);
  const rnd = mulberry32(11);
  const letters = "aeiouybcdlstnmrgz";
  for (let k = 0; k < 8_000; k++) {
    const n = 1 + Math.floor(rnd() * 12);
    out.push(Array.from({ length: n }, () => letters[Math.floor(rnd() * letters.length)]).join(""));
  }
  for (const n of [63, 64, 65, 80]) out.push("ab".repeat(n).slice(0, n - 3) + "ing");
  return out;
}

describe("porter stems in process", () => {
  test("equal SQLite's porter tokenizer on every word of the retrieval corpus and on words built for each rule", () => {
    const words = new Set<string>(builtWords());
    wordsUnder(join(import.meta.dir, "..", "..", "bench", "retrieval", "corpus"), words);
    const list = [...words].filter(stemsHere);
    expect(list.length).toBeGreaterThan(40_000);
    const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const theirs: string[] = [];
    for (let i = 0; i < list.length; i += 5000) theirs.push(...sqliteStems(db, list.slice(i, i + 5000)));
    const differ = list.filter((w, i) => stem(w) !== theirs[i]).map((w) => `${w}: ${stem(w)} vs ${theirs[list.indexOf(w)]}`);
    expect(differ).toEqual([]);
    db.close();
    // Some 60,000 words through both stemmers: seconds, more than a test's default 5 s on a busy machine.
  }, 60_000);

  test("words with capitals, non-ASCII letters or separators go to SQLite, in order", () => {
    expect(stemsHere("running")).toBe(true);
    expect(stemsHere("Running")).toBe(false);
    expect(stemsHere("café")).toBe(false);
    expect(stemsHere("e2e-test")).toBe(false);
    const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    expect(stems(db, ["connections", "cafés", "e2e-tests", "relational", "x"])).toEqual(["connect", "cafe", "test", "relat", "x"]);
    db.close();
  });
});
