import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { figure } from "../helpers/figures.ts";
import { repoRoot } from "../helpers/temp.ts";
import type { OracleResult } from "./split-oracle.ts";

/**
 * The splitter against tree-sitter-bash on 2,000 generated command lines (see split-oracle.ts):
 * every simple command tree-sitter sees must be one the policy checks, in order. The oracle runs
 * in a child process, so its WASM heap stays out of this one.
 */
const COUNT = 2_000;

describe("splitter vs tree-sitter-bash", () => {
  let result: OracleResult;
  const run = (): OracleResult => {
    if (result) return result;
    const child = Bun.spawnSync([process.execPath, join(import.meta.dir, "split-oracle.ts"), String(COUNT)], { cwd: repoRoot, stderr: "pipe" });
    if (child.exitCode !== 0) throw new Error(`the oracle failed: ${child.stderr.toString()}`);
    result = JSON.parse(child.stdout.toString()) as OracleResult;
    return result;
  };

  test(`every simple command tree-sitter sees in ${COUNT} generated command lines is one the policy checks, in order`, { timeout: 60_000 }, () => {
    const { compared, commands, skipped, failures } = run();
    figure("policy.oracle_command_lines", compared);
    figure("policy.oracle_simple_commands", commands);
    figure("policy.oracle_lines_skipped", skipped);
    expect(failures).toEqual([]);
    expect(compared).toBe(COUNT);
  });

  test("the oracle reads simple commands, quotes and substitutions the way bash does", { timeout: 60_000 }, () => {
    const { sample, unclosed } = run();
    expect(sample).toEqual([
      { name: "ls", words: ["x"], end: 29 },
      { name: "sudo", words: ["-rf", "a b", "$(...)"], end: 30 },
      { name: "grep", words: ["y"], end: 39 },
    ]);
    expect(unclosed).toBeNull();
  });

  test("the parser is a dev dependency only: nothing under src/ loads it", () => {
    const files = readdirSync(join(repoRoot, "src"), { recursive: true }).map(String);
    const loading = files.filter((f) => f.endsWith(".ts") && /tree-sitter/.test(readFileSync(join(repoRoot, "src", f), "utf8")));
    expect(loading).toEqual([]);
  });
});
