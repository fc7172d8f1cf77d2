import { describe, expect, test } from "bun:test";
import { shortTitle } from "../../src/mcp/budget.ts";

describe("hit titles", () => {
  test("a record's label and range are dropped when they are the hit's own", () => {
    expect(shortTitle("build.log lines 40-80: FAIL src/x.test.ts", 40, 80)).toBe("FAIL src/x.test.ts");
    expect(shortTitle("other.log lines 1-9: FAIL", 40, 80)).toBe("other.log lines 1-9: FAIL");
  });

  test("a long heading path loses headings from its middle, never the section's own", () => {
    const long = `Guide > ${"Intermediate heading with many words > ".repeat(4)}Where to patch > \`patch.dict(in_dict, values=(), clear=False)\``;
    const short = shortTitle(long, 1, 2);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.startsWith("Guide > … > ")).toBe(true);
    expect(short.endsWith("Where to patch > `patch.dict(in_dict, values=(), clear=False)`")).toBe(true);
  });

  test("one heading too long is cut at the limit", () => {
    expect(shortTitle("x".repeat(300), 1, 2)).toBe(`${"x".repeat(159)}…`);
  });
});
