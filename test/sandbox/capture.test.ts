import { describe, expect, test } from "bun:test";
import { HeadTailCapture } from "../../src/sandbox/capture.ts";

const feed = (cap: number, chunks: string[]) => {
  const capture = new HeadTailCapture(cap);
  for (const chunk of chunks) capture.push(Buffer.from(chunk));
  return capture;
};

describe("HeadTailCapture", () => {
  test("keeps everything up to the cap, across chunk boundaries", () => {
    const capture = feed(10, ["abc", "defg", "hij"]);
    expect(capture.text()).toBe("abcdefghij");
    expect(capture.total).toBe(10);
    expect(capture.truncated).toBe(false);
  });

  test("keeps head and rolling tail past the cap and counts every byte", () => {
    const capture = feed(10, ["01234", "56789", "abcdefghij", "KLMNO"]);
    expect(capture.total).toBe(25);
    expect(capture.truncated).toBe(true);
    expect(capture.text()).toBe("01234\n[... 15 bytes omitted of 25 ...]\nKLMNO");
  });

  test("a single huge chunk keeps its own head and tail", () => {
    const capture = feed(8, ["HEAD" + "x".repeat(10_000) + "TAIL"]);
    expect(capture.text()).toBe("HEAD\n[... 10000 bytes omitted of 10008 ...]\nTAIL");
  });

  test("tail wraps around the ring correctly with small chunks", () => {
    const chunks = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26)));
    const capture = feed(10, chunks);
    const all = chunks.join("");
    expect(capture.text()).toBe(`${all.slice(0, 5)}\n[... 90 bytes omitted of 100 ...]\n${all.slice(-5)}`);
  });

  test("never splits a UTF-8 character at the cut", () => {
    // cap 9: a 5-byte head ends inside the third "é", a 4-byte tail starts on a boundary.
    const head = feed(9, ["ééé", "x".repeat(50), "ééé"]).text();
    expect(head).toStartWith("éé\n[...");
    expect(head).toEndWith("...]\néé");
    // cap 7: a 3-byte tail starts inside an "é".
    const tail = feed(7, ["ééé", "x".repeat(50), "ééé"]).text();
    expect(tail).toEndWith("...]\né");
    expect(tail).not.toContain("\uFFFD");
  });
});
