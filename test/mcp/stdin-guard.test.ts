import { describe, expect, test } from "bun:test";
import { PassThrough } from "node:stream";
import { guardStdin, type OversizeMessage } from "../../src/mcp/stdin-guard.ts";

/** Feeds `chunks` through a guard of `limit` bytes; returns the lines let through and the ones dropped. */
async function feed(chunks: string[], limit: number): Promise<{ passed: string; dropped: OversizeMessage[] }> {
  const input = new PassThrough();
  const dropped: OversizeMessage[] = [];
  const out = guardStdin(input, limit, (m) => dropped.push(m));
  let passed = "";
  out.on("data", (c: Buffer) => (passed += c.toString()));
  const ended = new Promise((resolve) => out.on("end", resolve));
  for (const c of chunks) input.write(c);
  input.end();
  await ended;
  return { passed, dropped };
}

describe("guardStdin", () => {
  test("lines under the limit pass unchanged, however they are chunked", async () => {
    const text = '{"a":1}\n{"b":2}\n{"c":3}\n';
    for (const size of [1, 3, 7, 100]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g"))!;
      expect(await feed(chunks, 64)).toEqual({ passed: text, dropped: [] });
    }
  });

  test("a line over the limit is dropped and reported with its id; the lines around it pass", async () => {
    const big = `{"method":"tools/call","params":{"x":"${"y".repeat(5_000)}"},"jsonrpc":"2.0","id":7}\n`;
    const { passed, dropped } = await feed(['{"a":1}\n', big.slice(0, 1000), big.slice(1000), '{"b":2}\n'], 1024);
    expect(passed).toBe('{"a":1}\n{"b":2}\n');
    expect(dropped).toEqual([{ bytes: big.length, id: 7 }]);
  });

  test("the id is found at the start too, as a string; a notification has none", async () => {
    const first = `{"jsonrpc":"2.0","id":"req-1","method":"x","params":{"p":"${"z".repeat(3_000)}"}}\n`;
    const note = `{"jsonrpc":"2.0","method":"n","params":{"p":"${"z".repeat(3_000)}"}}\n`;
    const { dropped } = await feed([first, note], 1024);
    expect(dropped).toEqual([
      { bytes: first.length, id: "req-1" },
      { bytes: note.length, id: undefined },
    ]);
  });

  test("an unterminated last line under the limit is passed at the end", async () => {
    expect(await feed(['{"a":1}\n{"b"', ":2}"], 64)).toEqual({ passed: '{"a":1}\n{"b":2}', dropped: [] });
  });
});
