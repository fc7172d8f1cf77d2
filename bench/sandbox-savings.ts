/**
 * `bun bench/sandbox-savings.ts`: bytes kept out of the context by ctx_execute, per fixture.
 * Starts the built binary (`bun run build` first) as an MCP server and, for every fixture in
 * bench/fixtures, runs (a) the Thinking-in-Code script from bench/scenarios/sandbox.json with
 * `file` pointing at the fixture and (b) a plain dump (`cat` the file) with that scenario's intent.
 * Raw bytes are the file's size (what a full read would have put in context); reply bytes are the
 * whole tool reply. Median of 5 runs, 1 KB = 1,024 B. Writes bench/results/sandbox.json.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Scenario {
  fixture: string;
  question: string;
  language: string;
  code: string;
  intent: string;
}

interface Row {
  fixture: string;
  question: string;
  rawBytes: number;
  script: { replyBytes: number; keptOutPct: number; firstLine: string };
  dump: { replyBytes: number; keptOutPct: number; firstLine: string };
}

const RUNS = 5;
const BIG = 10 * 1024;
const root = join(import.meta.dir, "..");
const binary = join(root, "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode");
if (!existsSync(binary)) throw new Error(`${binary} is missing; run \`bun run build\` first`);
const { scenarios } = JSON.parse(readFileSync(join(import.meta.dir, "scenarios", "sandbox.json"), "utf8")) as { scenarios: Scenario[] };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (raw: number, reply: number) => round2(100 * (1 - reply / raw));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(join(tmpdir(), "ctxmode-bench-sandbox-"));
const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("CTXMODE_")) env[k] = v;
const transport = new StdioClientTransport({
  command: binary,
  args: ["serve"],
  cwd: root,
  env: { ...env, CTXMODE_DATA_DIR: dataDir, CTXMODE_PROJECT_DIR: root },
  stderr: "inherit",
});
const client = new Client({ name: "ctxmode-bench", version: "1.0.0" });

/** Median reply bytes of `RUNS` identical calls, and the first line of the first reply. */
async function measure(args: Record<string, unknown>): Promise<{ bytes: number; firstLine: string }> {
  const sizes: number[] = [];
  let first = "";
  for (let i = 0; i < RUNS; i++) {
    const r = await client.callTool({ name: "ctx_execute", arguments: args });
    const text = (r.content as { text: string }[]).map((c) => c.text).join("");
    if (r.isError) throw new Error(`ctx_execute failed for ${JSON.stringify(args.file)}: ${text.slice(0, 300)}`);
    sizes.push(Buffer.byteLength(text));
    first ||= text.split("\n", 1)[0]!;
  }
  return { bytes: median(sizes), firstLine: first };
}

try {
  await client.connect(transport);
  const rows: Row[] = [];
  for (const s of scenarios) {
    const file = join("bench", "fixtures", s.fixture);
    const rawBytes = statSync(join(root, file)).size;
    const script = await measure({ language: s.language, code: s.code, file });
    const dump = await measure({ language: "shell", code: 'cat "$FILE_PATH"', file, intent: s.intent });
    rows.push({
      fixture: s.fixture,
      question: s.question,
      rawBytes,
      script: { replyBytes: script.bytes, keptOutPct: pct(rawBytes, script.bytes), firstLine: script.firstLine },
      dump: { replyBytes: dump.bytes, keptOutPct: pct(rawBytes, dump.bytes), firstLine: dump.firstLine },
    });
  }
  const big = rows.filter((r) => r.rawBytes >= BIG);
  const summary = {
    rowsAtLeast10KB: big.length,
    scriptMedianKeptOutPct: round2(median(big.map((r) => r.script.keptOutPct))),
    dumpMedianKeptOutPct: round2(median(big.map((r) => r.dump.keptOutPct))),
    scriptTotal: { rawBytes: rows.reduce((n, r) => n + r.rawBytes, 0), replyBytes: rows.reduce((n, r) => n + r.script.replyBytes, 0) },
  };
  const result = {
    date: new Date().toISOString(),
    runtime: `bun ${Bun.version}`,
    machine: `${process.platform}-${process.arch}, ${navigator.hardwareConcurrency} cores`,
    method: `median of ${RUNS} runs; raw = fixture file size; reply = whole ctx_execute reply text; 1 KB = 1,024 B`,
    summary,
    rows,
  };
  writeFileSync(join(import.meta.dir, "results", "sandbox.json"), `${JSON.stringify(result, null, 2)}\n`);

  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (s: string, n: number) => s.padStart(n);
  console.log(`${pad("fixture", 28)}${num("raw", 10)}${num("script", 10)}${num("kept", 9)}${num("dump+intent", 13)}${num("kept", 9)}`);
  for (const r of rows) {
    console.log(
      `${pad(r.fixture, 28)}${num(kb(r.rawBytes), 10)}${num(`${r.script.replyBytes} B`, 10)}${num(`${r.script.keptOutPct}%`, 9)}` +
        `${num(kb(r.dump.replyBytes), 13)}${num(`${r.dump.keptOutPct}%`, 9)}`,
    );
  }
  console.log(
    `\nrows >= 10 KB: ${big.length}; median kept out: scripts ${summary.scriptMedianKeptOutPct}% (bar >= 99%), ` +
      `dump with intent ${summary.dumpMedianKeptOutPct}%`,
  );
} finally {
  await client.close();
  rmSync(dataDir, { recursive: true, force: true });
}
