import { type Dirent, lstatSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { gitFiles } from "./git-files.ts";
import { inheritedRules, isIgnored, readIgnoreFile, type IgnoreFile } from "./gitignore.ts";

/** Folders never worth indexing, whatever .gitignore says. */
const ALWAYS_SKIP = new Set([".git", "node_modules", ".hg", ".svn"]);

interface WalkOptions {
  /** Stop after this many files (a runaway walk of a home directory should not index it all). */
  maxFiles: number;
}

/**
 * Regular files under `root`, depth first in name order, none that git would ignore. In a git work
 * tree git lists them (every ignore source, from the repository's root down); elsewhere, or
 * without git, the .gitignore files from the first folder up with .git to each folder apply.
 * Symlinks are never followed: they could lead out of the tree or into a loop.
 */
export function walkFiles(root: string, options: WalkOptions): string[] {
  const listed = gitFiles(root);
  return listed ? keepListed(root, listed, options.maxFiles) : walkPlain(root, options.maxFiles);
}

/** Compares paths segment by segment: the order of a depth-first walk in name order. */
function walkOrder(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}

function keepListed(root: string, files: string[], maxFiles: number): string[] {
  const rels = files.map((f) => relative(root, f).split(sep)).sort(walkOrder);
  const out: string[] = [];
  for (const parts of rels) {
    if (out.length >= maxFiles) break;
    if (parts.some((p) => ALWAYS_SKIP.has(p))) continue;
    const full = join(root, ...parts);
    try {
      // lstat: a listed symlink is skipped, not followed; a deleted tracked file is gone.
      if (lstatSync(full).isFile()) out.push(full);
    } catch {
      // listed but no longer on disk
    }
  }
  return out;
}

function walkPlain(root: string, maxFiles: number): string[] {
  const out: string[] = [];
  const visit = (dir: string, rules: IgnoreFile[]) => {
    const own = readIgnoreFile(join(dir, ".gitignore"), dir);
    const local = own ? [...rules, own] : rules;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (out.length >= maxFiles) return;
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (!ALWAYS_SKIP.has(e.name) && !isIgnored(local, full, true)) visit(full, local);
      } else if (e.isFile() && !isIgnored(local, full, false)) {
        out.push(full);
      }
    }
  };
  visit(root, inheritedRules(root));
  return out;
}

/**
 * A file is binary when its first 8 KB hold a NUL byte, or are not UTF-8 and more than one byte
 * in twenty is a control character no text uses: an old ChangeLog in Latin-1 or a CSV saved as
 * Windows-1252 is text, a compressed or image file is not.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if (utf16(bytes)) return false;
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return true;
  if (isUtf8(head)) return false;
  let control = 0;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b) || b === 0x7f) control++;
  return control * 20 > head.length;
}

function isUtf8(head: Uint8Array): boolean {
  try {
    // A multi-byte character cut at the 8 KB edge is fine; `stream` keeps it pending.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * A text file's bytes as a string: UTF-16 when a byte-order mark says so (what PowerShell writes),
 * UTF-8 when they are (mostly) UTF-8 (a BOM dropped), else Windows-1252, the superset of Latin-1
 * that legacy text files are written in, so "Díaz" stays "Díaz".
 */
export function decodeText(bytes: Uint8Array): string {
  const wide = utf16(bytes);
  if (wide) return new TextDecoder(wide).decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // UTF-8 with a stray byte (a pasted Latin-1 line) keeps its UTF-8 and loses only that byte.
    return new TextDecoder(mostlyUtf8(bytes) ? "utf-8" : "windows-1252").decode(bytes);
  }
}

/** Whether the bytes above 0x7f form more well-formed UTF-8 sequences than stray bytes. */
function mostlyUtf8(bytes: Uint8Array): boolean {
  let good = 0;
  let bad = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const n = b >= 0xf0 && b < 0xf5 ? 3 : b >= 0xe0 ? 2 : b >= 0xc2 && b < 0xe0 ? 1 : -1;
    let ok = n > 0 && i + n < bytes.length;
    for (let k = 1; ok && k <= n; k++) ok = (bytes[i + k]! & 0xc0) === 0x80;
    if (ok) {
      good++;
      i += n;
    } else bad++;
  }
  return good > bad;
}

/** The UTF-16 byte order its BOM names, when the bytes start with one. */
function utf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return undefined;
}
