import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tarBytes, writeTar, writeTarGz, writeZip, zipBytes, type ArchiveEntry } from "../../build/archive.ts";
import { formatSums, parseSums, sha256 } from "../../build/checksums.ts";
import { tempDir } from "../helpers/temp.ts";

const MTIME = 1_767_225_600; // 2026-01-01T00:00:00Z
const entries: ArchiveEntry[] = [
  { name: "pkg/", mode: 0o755 },
  { name: "pkg/tool", mode: 0o755, data: new TextEncoder().encode("#!/bin/sh\necho hi\n".repeat(100)) },
  { name: "pkg/NOTICE", mode: 0o644, data: new TextEncoder().encode("x".repeat(513)) },
  { name: "pkg/empty", mode: 0o600, data: new Uint8Array(0) },
];

function run(cmd: string[], cwd: string): string {
  // Zip times are local "DOS" times: read them in UTC, as they were written.
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, TZ: "UTC" } });
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")}: ${r.stderr.toString()}`);
  return r.stdout.toString();
}

describe("deterministic archives", () => {
  test("the same entries give the same bytes, and the time is only the given one", () => {
    expect(sha256(tarBytes(entries, MTIME))).toBe(sha256(tarBytes(entries, MTIME)));
    expect(sha256(zipBytes(entries, MTIME))).toBe(sha256(zipBytes(entries, MTIME)));
    expect(sha256(tarBytes(entries, MTIME))).not.toBe(sha256(tarBytes(entries, MTIME + 1)));
  });

  const unpackers: { name: string; write: (path: string) => void; file: string; unpack: string[] }[] = [
    { name: "tar.gz with tar", file: "a.tar.gz", write: (p) => writeTarGz(p, entries, MTIME), unpack: ["tar", "-xzf"] },
    { name: "tar with tar", file: "a.tar", write: (p) => writeTar(p, entries, MTIME), unpack: ["tar", "-xf"] },
    { name: "zip with unzip", file: "a.zip", write: (p) => writeZip(p, entries, MTIME), unpack: ["unzip", "-q"] },
    { name: "stored zip with unzip", file: "a.zip", write: (p) => writeZip(p, entries, MTIME, { deflate: false }), unpack: ["unzip", "-q"] },
  ];
  for (const u of unpackers) {
    test(`${u.name}: contents, modes and times survive`, () => {
      if (!Bun.which(u.unpack[0]!)) {
        console.warn(`skipped: ${u.unpack[0]} is not installed`);
        return;
      }
      const dir = tempDir();
      u.write(join(dir, u.file));
      const out = join(dir, "out");
      mkdirSync(out);
      run([...u.unpack, join(dir, u.file)], out);
      for (const e of entries.filter((x) => x.data)) {
        const path = join(out, e.name);
        expect(new Uint8Array(readFileSync(path))).toEqual(e.data!);
        expect(statSync(path).mode & 0o777).toBe(e.mode);
        expect(Math.floor(statSync(path).mtimeMs / 1000)).toBe(MTIME);
      }
    });
  }

  test("busybox tar reads the tar.gz (the tar an Alpine machine has)", () => {
    if (!Bun.which("busybox")) {
      console.warn("skipped: busybox is not installed");
      return;
    }
    const dir = tempDir();
    writeTarGz(join(dir, "a.tar.gz"), entries, MTIME);
    expect(
      run(["busybox", "tar", "-tzf", join(dir, "a.tar.gz")], dir)
        .trim()
        .split("\n"),
    ).toEqual(entries.map((e) => e.name));
  });

  test("python's zipfile reads the zip with its Unix modes", () => {
    if (!Bun.which("python3")) {
      console.warn("skipped: python3 is not installed");
      return;
    }
    const dir = tempDir();
    writeZip(join(dir, "a.zip"), entries, MTIME);
    const script =
      "import zipfile,sys,json\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps([[i.filename,i.external_attr>>16,i.date_time] for i in z.infolist()]))";
    const listed = JSON.parse(run(["python3", "-c", script, join(dir, "a.zip")], dir)) as [string, number, number[]][];
    expect(listed.map(([n]) => n)).toEqual(entries.map((e) => e.name));
    expect(listed.map(([, mode]) => mode & 0o777)).toEqual(entries.map((e) => e.mode));
    expect(listed[1]![2]).toEqual([2026, 1, 1, 0, 0, 0]);
  });
});

describe("SHA256SUMS", () => {
  test("sorted by name in byte order, in the format sha256sum -c reads", () => {
    const dir = tempDir();
    const names = ["b.tar.gz", "B.zip", "a.txt", "install.sh"];
    for (const n of names) writeFileSync(join(dir, n), n);
    const text = formatSums(names.map((n) => join(dir, n)));
    expect(
      text
        .trim()
        .split("\n")
        .map((l) => l.slice(66)),
    ).toEqual(["B.zip", "a.txt", "b.tar.gz", "install.sh"]);
    writeFileSync(join(dir, "SHA256SUMS"), text);
    if (Bun.which("sha256sum")) expect(run(["sha256sum", "-c", "SHA256SUMS"], dir)).toContain("install.sh: OK");
    expect(parseSums(text).get("a.txt")).toBe(sha256(new TextEncoder().encode("a.txt")));
    expect(parseSums(`${"ab".repeat(32)} *bin.exe\n`).get("bin.exe")).toBe("ab".repeat(32));
  });
});
