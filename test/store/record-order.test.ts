import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { compareVersions, lastHolding, nextRecordPart, preferRecordHead, preferVersionEnd, recordOf, versionEnd } from "../../src/store/record-order.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

describe("the end of the versions a query asks for", () => {
  test.each([
    [["which", "rimraf", "version", "first", "depends"], "first"],
    [["earliest", "dayjs", "release"], "first"],
    [["undici", "release", "raised", "proxy"], "first"],
    [["latest", "tsx", "version"], "last"],
    [["which", "tsx", "version", "dropped", "get", "tsconfig"], "after"],
    [["rimraf", "license"], undefined],
  ])("%p: %p", (words, end) => {
    expect(versionEnd(words)).toBe(end as "first" | "last" | "after" | undefined);
  });
});

describe("records and their versions", () => {
  test("a record title gives its package and version; other titles none", () => {
    expect(recordOf("rimraf@6.0.1 > _contentLength, version, type")).toEqual({ name: "rimraf", version: "6.0.1" });
    expect(recordOf("@scope/pkg@1.2.3-beta.1")).toEqual({ name: "@scope/pkg", version: "1.2.3-beta.1" });
    expect(recordOf("API > Options")).toBeUndefined();
    expect(recordOf("user@example.com notes")).toBeUndefined();
  });

  test.each([
    ["6.0.1", "6.1.0", -1],
    ["6.1.10", "6.1.9", 1],
    ["1.0.0-beta.2", "1.0.0", -1],
    ["1.0.0-beta.10", "1.0.0-beta.2", 1],
    ["v2.0.0", "2.0.0", 0],
  ])("%s against %s", (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });

  test("of equally scored records of one package, the first or the last version leads; a better-scored other hit is left alone", () => {
    const hit = (title: string, score: number, label = "rimraf.versions.json") => ({ score, row: { title, label } });
    const scored = [hit("rimraf@6.1.3 > deps", 4.26), hit("rimraf@6.0.1 > deps", 4.23), hit("rimraf@6.1.0 > deps", 4.22), hit("rimraf@5.0.0 > deps", 3.5)];
    preferVersionEnd(scored, "first");
    expect(scored.map((s) => s.row.title)).toEqual(["rimraf@6.0.1 > deps", "rimraf@6.1.3 > deps", "rimraf@6.1.0 > deps", "rimraf@5.0.0 > deps"]);
    expect(scored[0]!.score).toBe(4.26);
    const latest = [hit("rimraf@6.0.1 > deps", 4.26), hit("rimraf@6.1.3 > deps", 4.25)];
    preferVersionEnd(latest, "last");
    expect(latest[0]!.row.title).toBe("rimraf@6.1.3 > deps");
    const other = [hit("Usage", 4.3, "README.md"), hit("rimraf@5.0.0 > deps", 4.29)];
    preferVersionEnd(other, "first");
    expect(other[0]!.row.title).toBe("Usage");
  });
});

test("a query of a record's name and version alone gets the part with its own fields, not its versions list or time map; other words keep their part", () => {
  const hit = (title: string, score: number) => ({ score, row: { title, label: "undici.versions.json" } });
  const parts = () => [
    hit("undici@8.4.1 > time > 8.3.0, 8.4.0, 8.4.1", 4.2),
    hit("undici@8.4.1 > versions", 4.0),
    hit("undici@8.4.1 > _contentLength, version, description, license", 3.1),
    hit("undici@8.4.0 > _contentLength, version, description, license, engines", 3.0),
  ];
  const bare = parts();
  preferRecordHead(bare, ["undici", "8", "4", "1"]);
  expect(bare.map((h) => h.row.title)[0]).toBe("undici@8.4.1 > _contentLength, version, description, license");
  expect(bare[0]!.score).toBe(4.2);
  // More words than the record's name and version: only parts scored alike are weighed.
  const asked = parts();
  preferRecordHead(asked, ["undici", "8", "4", "1", "published"]);
  expect(asked[0]!.row.title).toBe("undici@8.4.1 > time > 8.3.0, 8.4.0, 8.4.1");
});

test("the last of the best-scored records, and the part of the record after it with most of its keys", () => {
  const hit = (title: string, score: number) => ({ score, row: { title, label: "x.versions.json" } });
  expect(lastHolding([hit("tsx@4.20.0 > deps", 4.1), hit("tsx@4.21.0 > deps", 4.05), hit("tsx@4.22.0 > deps", 3.0)])?.version).toBe("4.21.0");
  expect(lastHolding([hit("README > Usage", 4.1)])).toBeUndefined();
  const titles = [
    "tsx@4.21.1 > _id, name, versions",
    "tsx@4.21.1 > time, version, dependencies",
    "tsx@4.22.0 > time, version, dependencies",
    "tsx@4.20.0 > time",
  ];
  expect(nextRecordPart(titles, "tsx", "4.21.0", "tsx@4.21.0 > files, version, dependencies")).toBe("tsx@4.21.1 > time, version, dependencies");
  expect(nextRecordPart(titles, "tsx", "4.22.0", "tsx@4.22.0 > time")).toBeUndefined();
});

test("'which … version first depends on …' finds the first registry record that lists the dependency", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  const record = (version: string, deps: Record<string, string>) => ({
    _id: `rimraf@${version}`,
    name: "rimraf",
    version,
    license: "ISC",
    description: "Deep deletion module for node (like `rm -rf`). ".repeat(12),
    dependencies: deps,
  });
  const versions = [
    record("5.0.10", { glob: "^10.3.7" }),
    record("6.1.2", { glob: "^13.0.0", "package-json-from-dist": "^1.0.0" }),
    record("6.0.1", { glob: "^11.0.0", "package-json-from-dist": "^1.0.0" }),
    record("6.1.0", { glob: "^13.0.0", "package-json-from-dist": "^1.0.0" }),
  ];
  indexSource(db, { label: "rimraf.versions.json", text: JSON.stringify(versions, null, 2), kind: "json", maxChunk: 1024 });
  const [hit] = search(db, "which rimraf version first depends on package-json-from-dist", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
  expect(hit?.title.startsWith("rimraf@6.0.1")).toBe(true);
  const [latest] = search(db, "latest rimraf version that depends on package-json-from-dist", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
  expect(latest?.title.startsWith("rimraf@6.1.2")).toBe(true);
  db.close();
});

test("a key with the major version after it names the records whose value has it; a change ('raised') is the first of them", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  // Every record holds `c8` and a `12` somewhere (a date, a version); only some hold c8 at 12.
  const record = (version: string, c8: string, proxy: string) => ({
    _id: `undici@${version}`,
    name: "undici",
    version,
    description: "An HTTP/1.1 client, written from scratch for Node.js. ".repeat(10),
    published: "2025-12-12",
    devDependencies: { c8, proxy, tsd: "^0.33.0" },
  });
  const versions = [
    record("8.0.0", "^10.0.0", "^2.1.1"),
    record("8.11.0", "^12.0.0", "^4.0.0"),
    record("8.0.3", "^10.0.0", "^4.0.0"),
    record("8.8.0", "^12.0.0", "^4.0.0"),
    record("8.3.0", "^11.0.0", "^4.0.0"),
  ];
  indexSource(db, { label: "undici.versions.json", text: JSON.stringify(versions, null, 2), kind: "json", maxChunk: 1024 });
  const first = (q: string) => search(db, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]?.title.split(" > ")[0];
  expect(first("which undici release first moved to c8 12")).toBe("undici@8.8.0");
  expect(first("undici release that raised the proxy devDependency to ^4")).toBe("undici@8.0.3");
  expect(first("latest undici with c8 11")).toBe("undici@8.3.0");
  db.close();
});

test("'which … version dropped …' finds the record after the last one that lists it, also past later records ranked lower", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  const pad = "Process execution for humans, with a better API than child_process. ".repeat(5);
  const record = (version: string, deps: Record<string, string>) => ({ _id: `execa@${version}`, name: "execa", version, description: pad, dependencies: deps });
  const versions = [
    record("10.0.0", { "which-command": "^0.1.0", figures: "^6.1.0" }),
    record("8.0.0", { "cross-spawn": "^7.0.3", figures: "^6.0.0" }),
    record("9.6.1", { "cross-spawn": "^7.0.6", figures: "^6.1.0", "is-stream": "^4.0.1" }),
    record("9.0.0", { "cross-spawn": "^7.0.3", figures: "^6.0.0" }),
    record("10.1.0", { "which-command": "^0.1.0", figures: "^6.1.0" }),
  ];
  indexSource(db, { label: "execa.versions.json", text: JSON.stringify(versions, null, 2), kind: "json", maxChunk: 1024 });
  const hits = search(db, "which execa version dropped cross-spawn", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
  expect(hits[0]?.title.startsWith("execa@10.0.0")).toBe(true);
  expect(hits[0]?.snippet).toContain("which-command");
  expect(new Set(hits.map((h) => h.title)).size).toBe(hits.length);
  db.close();
});

test("'which … version dropped <joined-name>' follows the name as written, not its words, which every record may hold", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  const pad = "Process execution for humans, with a better API than child_process. ".repeat(5);
  // Every record lists `spawn` among its keywords; a later one depends on a longer name that begins with the dropped one.
  const record = (version: string, deps: Record<string, string>) => ({
    _id: `execa@${version}`,
    name: "execa",
    version,
    description: pad,
    keywords: ["exec", "child", "process", "spawn", "command"],
    dependencies: deps,
  });
  const versions = [
    record("10.0.0", { "which-command": "^0.1.0", "cross-spawn-async": "^2.2.5" }),
    record("8.0.0", { "cross-spawn": "^7.0.3", figures: "^6.0.0" }),
    record("9.6.1", { "cross-spawn": "^7.0.6", figures: "^6.1.0" }),
    record("9.0.0", { "cross-spawn": "^7.0.3", figures: "^6.0.0" }),
    record("10.1.0", { "which-command": "^0.1.0", figures: "^6.1.0" }),
  ];
  indexSource(db, { label: "execa.versions.json", text: JSON.stringify(versions, null, 2), kind: "json", maxChunk: 1024 });
  const [hit] = search(db, "which execa version dropped cross-spawn for which-command", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
  expect(hit?.title.startsWith("execa@10.0.0")).toBe(true);
  db.close();
});

test("'which package depends on <name>' is a record that lists the name as a dependency, not the named package's own", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  const pkg = (name: string, version: string, extra: Record<string, unknown>) => ({
    name,
    version,
    description: `The ${name} module. ${"Small and fast, with no surprises. ".repeat(4)}`,
    license: "MIT",
    ...extra,
  });
  // The named package's own record says its name, and "package" and "depend", more often than the one that lists it.
  const records = [
    pkg("mime-types", "3.0.2", {
      dependencies: { "mime-db": "^1.54.0" },
      keywords: ["mime", "types"],
      notes: "The ultimate javascript content-type utility. ".repeat(12),
    }),
    pkg("mime-db", "1.54.0", {
      keywords: ["mime", "db", "types", "database", "charset"],
      repository: "jshttp/mime-db",
      about: "This package is the mime-db database: every package that needs media types can depend on mime-db.",
    }),
    pkg("negotiator", "1.0.0", { keywords: ["http", "content negotiation"] }),
    pkg("minipass", "7.1.3", { dependencies: {} }),
  ];
  indexSource(db, { label: "package-jsons.json", text: JSON.stringify(records, null, 2), kind: "json", maxChunk: 1024 });
  const first = (q: string) => search(db, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]?.title;
  expect(first("which package depends on mime-db")).toStartWith("mime-types@3.0.2");
  expect(first("packages that depend on mime-db")).toStartWith("mime-types@3.0.2");
  // Asked about the package itself, its own record answers.
  expect(first("mime-db license")).toStartWith("mime-db@1.54.0");
  db.close();
});

test("a query that gives a version names its record: 'dropped' or 'first' beside it moves nothing", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  const pad = "Deep deletion module for node (like `rm -rf`). ".repeat(6);
  const record = (version: string, deps: Record<string, string>) => ({
    _id: `rimraf@${version}`,
    name: "rimraf",
    version,
    description: pad,
    dependencies: deps,
  });
  const versions = [record("5.0.0", { glob: "^10.0.0" }), record("6.0.0", { glob: "^11.0.0" }), record("6.1.0", { "fs-walk": "^1.0.0" })];
  indexSource(db, { label: "rimraf.versions.json", text: JSON.stringify(versions, null, 2), kind: "json", maxChunk: 1024 });
  const [hit] = search(db, "rimraf 6.0.0 dropped glob", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
  expect(hit?.title.startsWith("rimraf@6.0.0")).toBe(true);
  db.close();
});
