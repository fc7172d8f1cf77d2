import { describe, expect, test } from "bun:test";
import { clip } from "../../../src/store/chunk/titles.ts";

describe("a clipped title", () => {
  test.each([
    // A cut inside a word goes back to the space before it: no piece of a word (`fil`) reads as one.
    ["Tests: Keep test_compress_* working when some filters are missing", 48, "Tests: Keep test_compress_* working when some…"],
    ["_id, name, dist-tags, versions, time, description, version, homepage", 60, "_id, name, dist-tags, versions, time, description, version,…"],
    // A cut between words stays where it is.
    ["alpha beta gamma delta", 12, "alpha beta…"],
    // One long word (a path, a hash) is cut where it must be.
    ["src/components/very/long/path/to/a/module/file.tsx", 20, "src/components/very…"],
    // Text that fits is left whole, its whitespace tidied.
    ["  short   title ", 40, "short title"],
  ])("%s (max %d)", (text, max, want) => {
    const got = clip(text, max);
    expect(got).toBe(want);
    expect([...got].length).toBeLessThanOrEqual(max);
  });

  test("an emoji is never cut in half", () => {
    const got = clip(`${"😀".repeat(10)}`, 5);
    expect(got).toBe("😀😀😀😀…");
  });
});
