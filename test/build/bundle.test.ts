import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/temp.ts";

const nodeDist = join(repoRoot, "dist", "node");

test("the Node build imports no bun: module and uses node:sqlite", () => {
  const files = readdirSync(nodeDist, { recursive: true }).map(String).filter((f) => f.endsWith(".mjs"));
  expect(files.length).toBeGreaterThan(0);
  const all = files.map((f) => readFileSync(join(nodeDist, f), "utf8")).join("\n");
  expect(all).not.toMatch(/["']bun:[a-z]/);
  expect(all).toContain("node:sqlite");
});

test("the Node build's entry refuses an old Node with one line naming the version it needs", () => {
  const entry = readFileSync(join(nodeDist, "ctxmode.mjs"), "utf8");
  expect(entry.startsWith("#!/usr/bin/env node\n")).toBe(true);
  expect(entry).toContain("Node >= 22.13");
});

test("the MCP SDK's Ajv validator is left out of the builds (ctxmode never elicits)", () => {
  const files = readdirSync(nodeDist, { recursive: true }).map(String).filter((f) => f.endsWith(".mjs"));
  const all = files.map((f) => readFileSync(join(nodeDist, f), "utf8")).join("\n");
  expect(all).toContain("does not validate elicitation results");
  // Ajv's own option names and its formats plugin appear nowhere.
  expect(all).not.toMatch(/ajv-formats|strictSchema|addFormats/);
});
