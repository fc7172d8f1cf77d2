import { describe, expect, test } from "bun:test";
import { chunkText } from "../../../src/store/chunk/index.ts";
import { expectValidChunks, fixture, sourceLines } from "./chunk-checks.ts";

const json = (text: string, maxChunk = 4096, name = "data.json") => chunkText(text, "json", { maxChunk, name });

describe("json", () => {
  test("a small document is one pretty-printed chunk titled by the name", () => {
    const chunks = json('{"a":1,"b":[1,2]}');
    expect(chunks).toEqual([{ title: "data.json", body: '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}', lineStart: 1, lineEnd: 1, code: true }]);
  });

  test("nested objects split by key; titles are key paths and bodies stay valid JSON", () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${i}`, qty: i, note: "n".repeat(40) }));
    const doc = { meta: { page: 1, total: 40 }, data: { items, cursor: "abc" } };
    const text = JSON.stringify(doc, null, 2);
    const chunks = json(text, 1024);
    expectValidChunks(chunks, text, 1024);
    const titles = chunks.map((c) => c.title);
    expect(titles[0]).toBe("meta");
    expect(titles.some((t) => /^data > items > \[\d+-\d+\]$/.test(t))).toBe(true);
    expect(titles).toContain("data > cursor");
    for (const c of chunks) expect(() => JSON.parse(c.body)).not.toThrow();
    const seen = chunks.filter((c) => c.title.startsWith("data > items")).flatMap((c) => JSON.parse(c.body) as unknown[]);
    expect(seen).toEqual(items);
  });

  test("pretty-printed input: each chunk's lines enclose its items in the original", () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b"] }));
    const text = JSON.stringify({ items }, null, 2);
    const lines = sourceLines(text);
    const chunks = json(text, 600);
    expectValidChunks(chunks, text, 600);
    for (const c of chunks) {
      const source = lines.slice(c.lineStart - 1, c.lineEnd).join("\n");
      for (const item of JSON.parse(c.body) as { name: string }[]) expect(source).toContain(`"name": "${item.name}"`);
    }
  });

  test("array items with an identity are titled by it (github-issues.json, minified)", () => {
    const text = fixture("github-issues.json");
    const chunks = json(text, 4096, "github-issues.json");
    expectValidChunks(chunks, text, 4096);
    expect(chunks.every((c) => c.lineStart === 1 && c.lineEnd === 1 && c.code)).toBe(true);
    const titles = chunks.map((c) => c.title);
    expect(titles.some((t) => t.startsWith("#35821 Bug: useDeferredValue gets stuck"))).toBe(true);
    expect(titles.some((t) => t.includes("#35855 Bug: ViewTransition onExit cleanup not called on unmount"))).toBe(true);
    for (const t of titles) expect(t.split(" > ")[0]!.length).toBeLessThanOrEqual(80);
  });

  test("an item too big for one chunk splits by key, a long string by its own lines", () => {
    const body = Array.from({ length: 60 }, (_, i) => `Paragraph ${i}: the webhook retried after a timeout.`).join("\n\n");
    const text = JSON.stringify([{ number: 7, title: "Webhook retries", body, state: "open" }]);
    const chunks = json(text, 800);
    expectValidChunks(chunks, text, 800);
    const titles = chunks.map((c) => c.title);
    // The item's opening plain fields are the item itself, titled by its identity.
    expect(titles[0]).toBe("#7 Webhook retries");
    expect(titles).toContain("#7 Webhook retries > body");
    expect(titles).toContain("#7 Webhook retries > body (2)");
    expect(titles[titles.length - 1]).toBe("#7 Webhook retries > state");
    const text2 = chunks
      .filter((c) => c.title.includes("> body"))
      .map((c) => c.body)
      .join("\n\n");
    expect(text2).toBe(body);
  });

  test.each([
    [[{ id: 1, name: "Alice" }], "1 Alice"],
    [[{ number: 12, title: "Fix login" }], "#12 Fix login"],
    [[{ slug: "intro" }], "intro"],
    [[{ id: "MDQ6VXNlcjI0NDAwODk=", login: "x" }], "MDQ6VXNlcjI0NDAwODk="],
    [[{ value: 3 }], "[0]"],
  ])("identity of %j is %s", (items, label) => {
    const big = items.map((o) => ({ ...o, pad: "p".repeat(300) }));
    const chunks = json(JSON.stringify([...big, ...big]), 400);
    expect(chunks[0]!.title).toBe(label);
  });

  test("array groups list the identities they hold", () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ number: i + 1, title: `Issue ${i + 1}` }));
    const chunks = json(JSON.stringify(items), 200);
    expect(chunks[0]!.title).toMatch(/^\[0-\d\] #1 Issue 1, #2 Issue 2/);
  });

  test("objects grouped side by side name their own keys in the title (an OpenAPI document's components)", () => {
    const param = (name: string) => ({ name, in: "query", description: `The ${name} to use. `.repeat(8), schema: { type: "string" } });
    const doc = {
      openapi: "3.0.2",
      paths: Object.fromEntries(
        Array.from({ length: 6 }, (_, i) => [`/things/${i}`, { get: { operationId: `getThing${i}`, description: "Returns a thing. ".repeat(40) } }]),
      ),
      components: {
        securitySchemes: { apiKey: { type: "http", scheme: "basic" } },
        parameters: { page: param("page"), perPage: param("perPage"), "x-readme-version": param("x-readme-version") },
        schemas: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`thing${i}`, { type: "object", description: "A thing of the API. ".repeat(12) }])),
      },
    };
    const titles = json(JSON.stringify(doc, null, 2), 2048, "api.json").map((c) => c.title);
    expect(titles).toContain("components > securitySchemes (apiKey), parameters (page, perPage, x-readme-version)");
  });

  test("a record's keys side by side are all named, the keys under them only as far as the title's room allows", () => {
    const deps = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`dependency-number-${i}`, `^${i}.0.0`]));
    const record = {
      name: "ora",
      version: "9.3.0",
      description: "Elegant terminal spinner. ".repeat(60),
      readme: "A long readme. ".repeat(120),
      engines: { node: ">=20" },
      scripts: { test: "xo && ava" },
      dependencies: deps,
      devDependencies: { ava: "^6.0.0", xo: "^0.59.0" },
      dist: { shasum: "187c87cc1062350f549f481de32bf91424c2b0e3", tarball: "https://registry.npmjs.org/ora/-/ora-9.3.0.tgz" },
    };
    const titles = json(JSON.stringify([record, { ...record, version: "9.2.0" }], null, 2), 2048, "ora.versions.json").map((c) => c.title);
    const grouped = titles.find((t) => t.startsWith("ora@9.3.0 > ") && t.includes("dependencies ("))!;
    expect(grouped).toContain("dependencies (dependency-number-0");
    expect(grouped).toContain(", …)");
    expect(grouped).toMatch(/, dist(?: \(|$)/);
    expect(grouped.length).toBeLessThanOrEqual("ora@9.3.0 > ".length + 160);
  });

  test("an object's members that are records (an API's methods) get a chunk each; a map of plain values stays with its record", () => {
    const method = (name: string) => ({
      id: `storage.objects.${name}`,
      path: `b/{bucket}/o/${name}`,
      httpMethod: "POST",
      description: `Does ${name}. `.repeat(60),
      parameters: { bucket: { type: "string", location: "path" } },
    });
    const doc = { resources: { objects: { methods: { compose: method("compose"), copy: method("copy"), rewrite: method("rewrite") } } } };
    const text = JSON.stringify(doc, null, 2);
    const chunks = json(text, 2048, "storage_v1.json");
    expectValidChunks(chunks, text, 2048);
    const titles = chunks.map((c) => c.title);
    for (const name of ["compose", "copy", "rewrite"]) expect(titles).toContain(`resources > objects > methods > ${name}`);
    expect(chunks.find((c) => c.title.endsWith("> copy"))!.body).not.toContain("storage.objects.rewrite");

    const pkg = (v: string) => ({
      name: "tool",
      version: v,
      description: "A tool.",
      dependencies: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`dep-${i}`, `^${i}.0.0`])),
    });
    const records = JSON.stringify([pkg("1.0.0"), pkg("1.1.0")], null, 2);
    const recordChunks = json(records, 1200, "tool.versions.json");
    expect(recordChunks.map((c) => c.title)).toEqual(["tool@1.0.0", "tool@1.1.0"]);
    expect(recordChunks[0]!.body).toContain('"dep-29": "^29.0.0"');

    // A record too big for one chunk: its opening plain fields are titled by the record's path.
    const huge = {
      schemas: {
        Policy: {
          id: "Policy",
          type: "object",
          description: "A bucket/object IAM policy.",
          properties: Object.fromEntries(
            Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: "string", description: `Field ${i} of the policy. `.repeat(3) }]),
          ),
        },
      },
    };
    const hugeChunks = json(JSON.stringify(huge, null, 2), 1200, "storage_v1.json");
    expect(hugeChunks[0]!.title).toBe("schemas > Policy");
    expect(hugeChunks[0]!.body).toContain("A bucket/object IAM policy.");
    expect(hugeChunks.slice(1).every((c) => c.title.startsWith("schemas > Policy > properties"))).toBe(true);

    // Split by key, a record's map of plain values goes with its neighbours, not alone.
    const big = { ...pkg("2.0.0"), readme: "Read me. ".repeat(150), scripts: { build: "tsc", test: "bun test", lint: "biome check ." } };
    const bigText = JSON.stringify(big, null, 2);
    const bigChunks = json(bigText, 1200, "package.json");
    expect(bigChunks.find((c) => c.body.includes('"dep-29"'))!.title).not.toBe("dependencies");
  });

  test("invalid JSON falls back to text; so does a bare scalar", () => {
    for (const text of ['{"a": 1,', "not json at all", "42"]) {
      const chunks = json(text);
      expect(chunks).toHaveLength(1);
      expect(chunks[0]!.title).toBe("data.json lines 1-1");
      expect(chunks[0]!.body).toBe(text);
      expect(chunks[0]!.code).toBe(false);
    }
  });

  test("fixtures stay within bounds", () => {
    for (const name of ["api-response.json", "github-prs.json", "mcp-tools.json", "package-large.json"]) {
      const text = fixture(name);
      const chunks = json(text, 1024, name);
      expect(chunks.length).toBeGreaterThan(0);
      expectValidChunks(chunks, text, 1024);
    }
  });
});
