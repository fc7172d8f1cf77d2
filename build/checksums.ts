/** SHA256SUMS in the coreutils format (`<sha256>  <name>`, sorted by name), written and read back. */
import { readFileSync } from "node:fs";
import { basename } from "node:path";

export function sha256(data: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(data).digest("hex");
}

export function sha256File(path: string): string {
  return sha256(readFileSync(path));
}

/** The SHA256SUMS text for these files, named by their basename; byte order so it matches `sort` in the C locale. */
export function formatSums(paths: readonly string[]): string {
  const lines = paths.map((p) => ({ name: basename(p), hash: sha256File(p) }));
  lines.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return lines.map((l) => `${l.hash}  ${l.name}\n`).join("");
}

/** name -> sha256 from a SHA256SUMS text; accepts the `*name` binary-mode marker too. */
export function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.trim());
    if (m) sums.set(m[2]!, m[1]!);
  }
  return sums;
}
