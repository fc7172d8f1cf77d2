import { describe, expect, test } from "bun:test";
import { callText, instructionSection, NUDGE, SECTION_END, SECTION_START, SESSION_GUIDANCE, UNAVAILABLE_NOTE } from "../../src/hooks/instructions.ts";
import { OWN_TOOLS } from "../../src/hooks/tool-names.ts";

describe("routing instructions: one template", () => {
  test("fresh-session guidance is at most 600 B and names the tools it routes to", () => {
    expect(Buffer.byteLength(SESSION_GUIDANCE)).toBeLessThanOrEqual(600);
    for (const tool of ["ctx_execute", "ctx_batch", "ctx_index", "ctx_search", "ctx_resume"]) expect(SESSION_GUIDANCE).toContain(tool);
  });

  test("the nudge and the unavailable note are one short line each, with no angle brackets (Qwen escapes them)", () => {
    for (const text of [NUDGE, UNAVAILABLE_NOTE, SESSION_GUIDANCE]) {
      expect(text).not.toMatch(/[<>]/);
    }
    expect(NUDGE.includes("\n") || UNAVAILABLE_NOTE.includes("\n")).toBe(false);
    expect(Buffer.byteLength(NUDGE)).toBeLessThanOrEqual(200);
  });

  test("the instruction-file section is delimited for setup and names only real tools", () => {
    const section = instructionSection();
    expect(section.startsWith(SECTION_START)).toBe(true);
    expect(section.endsWith(SECTION_END)).toBe(true);
    for (const name of section.match(/ctx_[a-z]+/g) ?? []) expect(OWN_TOOLS.has(name)).toBe(true);
    expect(instructionSection({ hooks: false })).toContain("No hooks enforce this");
    expect(Buffer.byteLength(section)).toBeLessThanOrEqual(2_048);
  });

  test("calls are spelled with JSON-quoted arguments", () => {
    expect(callText("ctx_execute", { language: "shell", code: 'echo "a"', intent: undefined })).toBe('ctx_execute(language: "shell", code: "echo \\"a\\"")');
    expect(callText("ctx_search", { queries: ["x y"], source: "web:a" })).toBe('ctx_search(queries: ["x y"], source: "web:a")');
  });
});
