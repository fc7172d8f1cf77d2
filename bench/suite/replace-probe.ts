/**
 * Compiled and run by bench/replace-profile.ts, one fresh process per run as a hook is: times what
 * a PostToolUse replacement does with a big output, cold. `replace-probe <db> <text file> whole`
 * times replaceOutput (src/hooks/replace.ts) as the hook calls it; `steps` times its parts one by
 * one (the same functions it calls). Prints one JSON line of milliseconds.
 */
import { readFileSync } from "node:fs";
import { DEFAULTS } from "../../src/config/constants.ts";
import { replaceOutput } from "../../src/hooks/replace.ts";
import { previewText } from "../../src/preview/preview.ts";
import { detectKind } from "../../src/store/chunk/index.ts";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { bestChunksOf } from "../../src/store/rank-source.ts";
import { redactSecrets } from "../../src/store/redact.ts";

const [dbPath, textPath, mode] = process.argv.slice(2);
const text = readFileSync(textPath!, "utf8");
const QUERY = "npm run build -- --verbose";
const timings: Record<string, number> = {};
let t = performance.now();
const lap = (name: string) => {
  const now = performance.now();
  timings[name] = Math.round((now - t) * 100) / 100;
  t = now;
};
const db = openStore(dbPath!, { busyTimeoutMs: 5000 });
lap("open");
if (mode === "whole") {
  const out = replaceOutput(db, { text, failed: false, tool: "Bash", query: QUERY, session: "bench", worktree: "", budgets: { ...DEFAULTS } });
  lap("replace");
  if (!out?.includes("indexed whole as")) throw new Error("the output was not replaced");
} else {
  const clean = redactSecrets(text);
  lap("redact");
  const label = `hook:Bash#probe${Date.now().toString(36)}`;
  indexSource(db, {
    label,
    text: clean,
    redacted: true,
    kind: detectKind(label, clean),
    session: "bench",
    worktree: "",
    maxChunk: DEFAULTS.maxChunk,
    deferSearch: true,
  });
  lap("index");
  previewText(clean, 1000);
  lap("preview");
  bestChunksOf(db, label, QUERY, 6, 700);
  lap("rank");
}
db.close();
console.log(JSON.stringify(timings));
