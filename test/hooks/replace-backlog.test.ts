import { expect, test } from "bun:test";
import { join } from "node:path";
import { DEFAULTS } from "../../src/config/constants.ts";
import { replaceOutput } from "../../src/hooks/replace.ts";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { waitingBytes } from "../../src/store/pending.ts";
import { tempDir } from "../helpers/temp.ts";

const MB = 1024 * 1024;
const output = (i: number) => Array.from({ length: 400 }, (_, k) => `[step ${i}.${k}] compiled unit${k} of target${i} in ${k % 90} ms`).join("\n");

test("a replaced output's full-text rows wait, unless more than the cap already waits: then the hook writes the oldest", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  const replace = (i: number) =>
    replaceOutput(db, { text: output(i), failed: false, tool: "Bash", query: `target${i}`, session: "s", worktree: "", budgets: DEFAULTS });
  expect(replace(0)).toContain("indexed whole as");
  const one = waitingBytes(db);
  expect(one).toBeGreaterThan(DEFAULTS.replaceTrigger);
  // Outputs no server has written rows for yet (it was never asked anything): 8 MB of them.
  for (let i = 1; waitingBytes(db) <= 8 * MB; i++)
    indexSource(db, { label: `hook:Bash#old${i}`, text: `${output(1000 + i)}\n`.repeat(20), kind: "text", maxChunk: 4096, deferSearch: true });
  const before = waitingBytes(db);
  expect(replace(1)).toContain("indexed whole as");
  // The excess and 1 MB more were written; the newest output still waits.
  expect(waitingBytes(db)).toBeLessThanOrEqual(before + one - MB);
  expect(waitingBytes(db)).toBeGreaterThan(0);
  db.close();
});
