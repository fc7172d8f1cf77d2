/**
 * Records of one package by version (`rimraf@6.0.1`, as the JSON chunker titles registry
 * metadata) often hold the same words: every version since a dependency was added lists it. A
 * question that asks for the first of them ("which rimraf version first depends on
 * package-json-from-dist") or the latest wants the record at that end of the versions, not the one
 * BM25 happens to rank first among equals.
 */
import { escapeRegExp } from "./terms.ts";

/**
 * Which end of the versions a query asks for, by its words: the first, the latest, or the one
 * after the last that holds its words ("which tsx version dropped get-tsconfig"); undefined when
 * it asks for none.
 */
export function versionEnd(words: readonly string[]): "first" | "last" | "after" | undefined {
  if (words.some((w) => AFTER.has(w))) return "after";
  if (words.some((w) => FIRST.has(w))) return "first";
  if (words.some((w) => LAST.has(w))) return "last";
  return undefined;
}

// A change to what the records hold ("which undici release raised proxy to ^4") happened in the first record that holds it.
const FIRST: ReadonlySet<string> = new Set([
  "first",
  "earliest",
  "oldest",
  "introduced",
  "initially",
  "added",
  "raised",
  "bumped",
  "switched",
  "upgraded",
  "moved",
]);
const LAST: ReadonlySet<string> = new Set(["latest", "newest", "last", "recent"]);
const AFTER: ReadonlySet<string> = new Set(["dropped", "removed", "drop", "remove", "stopped"]);

/** The record a chunk title names (`rimraf@6.0.1 > keys…`): its package and version; undefined for other titles. */
export function recordOf(title: string): { name: string; version: string } | undefined {
  const first = title.split(" > ")[0]!;
  const at = first.lastIndexOf("@");
  if (at <= 0) return undefined;
  const version = first.slice(at + 1);
  return /^v?\d+(?:\.\d+)*(?:[-+.][0-9A-Za-z.-]+)?$/.test(version) ? { name: first.slice(0, at), version } : undefined;
}

/** Semantic-version order: numbers by value, a pre-release (`1.0.0-beta.2`) before its release. */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = splitVersion(a);
  const [coreB, preB] = splitVersion(b);
  for (let i = 0; i < Math.max(coreA.length, coreB.length); i++) {
    const d = (coreA[i] ?? 0) - (coreB[i] ?? 0);
    if (d !== 0) return d;
  }
  if (preA === preB) return 0;
  if (preA === "") return 1;
  if (preB === "") return -1;
  return preA.localeCompare(preB, "en", { numeric: true });
}

function splitVersion(v: string): [number[], string] {
  const bare = v.replace(/^v/, "").split("+")[0]!;
  const dash = bare.indexOf("-");
  const core = dash < 0 ? bare : bare.slice(0, dash);
  return [core.split(".").map((n) => Number.parseInt(n, 10) || 0), dash < 0 ? "" : bare.slice(dash + 1)];
}

/** Scores this close to the best are equals: records that hold the same words. */
const EQUALS = 0.1;

type Ranked = { score: number; row: { title: string; label: string | null } };

/** A record among the best-scored hits: its place in them, package, version and chunk title. */
interface EqualRecord {
  at: number;
  name: string;
  version: string;
  title: string;
}

/**
 * The best-scored hits (within EQUALS of the first) that are records of the first hit's package
 * in its file, the first hit first; empty when the first hit is no record.
 */
function equalRecords(scored: readonly Ranked[]): EqualRecord[] {
  const top = scored[0];
  const record = top && recordOf(top.row.title);
  if (!top || !record) return [];
  const out: EqualRecord[] = [];
  for (let at = 0; at < scored.length && scored[at]!.score >= top.score - EQUALS; at++) {
    const r = recordOf(scored[at]!.row.title);
    if (r && r.name === record.name && scored[at]!.row.label === top.row.label) out.push({ at, ...r, title: scored[at]!.row.title });
  }
  return out;
}

/** Of records, the one at the `end` of their versions. */
function atEnd(records: EqualRecord[], end: "first" | "last"): EqualRecord | undefined {
  return records.reduce<EqualRecord | undefined>((pick, r) => {
    if (!pick) return r;
    const order = compareVersions(r.version, pick.version);
    return (end === "first" ? order < 0 : order > 0) ? r : pick;
  }, undefined);
}

/**
 * The latest version among the best-scored records of the first hit's package (within EQUALS of
 * it): the last one that holds the query's words. Undefined when the first hit is no record.
 */
export function lastHolding(scored: readonly Ranked[]): { name: string; version: string; title: string } | undefined {
  const last = atEnd(equalRecords(scored), "last");
  return last && { name: last.name, version: last.version, title: last.title };
}

/**
 * Of the chunk titles of one file, the part of the record that comes next after `version` (the
 * least version above it) that lists most of the keys `like` lists.
 */
export function nextRecordPart(titles: readonly string[], name: string, version: string, like: string): string | undefined {
  let next: string | undefined;
  for (const title of titles) {
    const r = recordOf(title);
    if (!r || r.name !== name || compareVersions(r.version, version) <= 0) continue;
    if (next === undefined || compareVersions(r.version, next) < 0) next = r.version;
  }
  if (next === undefined) return undefined;
  const parts = titles.filter((t) => recordOf(t)?.version === next && recordOf(t)?.name === name);
  // The part with most of the keys `like` lists: where the same fields are (its dependencies).
  const keys = new Set(keysOf(like));
  let best = parts[0];
  let shared = -1;
  for (const part of parts) {
    const n = keysOf(part).filter((k) => keys.has(k)).length;
    if (n > shared) [best, shared] = [part, n];
  }
  return best;
}

/** The keys a record part's title lists (`rimraf@6.0.1 > files, keywords, dependencies,…`). */
function keysOf(title: string): string[] {
  return title
    .split(" > ")
    .slice(1)
    .join(" > ")
    .split(",")
    .map((k) => k.trim().replace(/…$/, ""))
    .filter(Boolean);
}

/**
 * Moves to the front, among the best-scored hits that are records of the first hit's package in
 * its file and score within EQUALS of it, the one at the `end` of their versions, with the
 * first hit's score. `scored` is sorted best first and is reordered in place.
 */
export function preferVersionEnd<T extends Ranked>(scored: T[], end: "first" | "last"): void {
  const pick = atEnd(equalRecords(scored), end)?.at ?? 0;
  if (pick === 0) return;
  const [chosen] = scored.splice(pick, 1);
  // It ranks as the best of its equals: its score is theirs.
  chosen!.score = scored[0]!.score;
  scored.unshift(chosen!);
}

/**
 * Parts of one record that the query's words score alike, or a query that says no more than the
 * record's name and version (`undici@8.4.1`): the part with most of the record's own fields leads,
 * not its `versions` list or `time` map, whose keys are versions. `words`: the query's words.
 * `scored` is sorted best first and is reordered in place.
 */
export function preferRecordHead<T extends Ranked>(scored: T[], words: readonly string[]): void {
  const top = scored[0];
  const record = top && recordOf(top.row.title);
  if (!top || !record) return;
  const own = new Set([...record.name.toLowerCase().split(/[^a-z0-9]+/), ...record.version.toLowerCase().split(/[^a-z0-9]+/)]);
  const bare = words.every((w) => own.has(w.toLowerCase()));
  const fields = (title: string) => keysOf(title).filter((k) => !/^v?\d/.test(k)).length;
  let pick = 0;
  let most = fields(top.row.title);
  for (let at = 1; at < scored.length && (bare || scored[at]!.score >= top.score - EQUALS); at++) {
    const r = recordOf(scored[at]!.row.title);
    if (!r || r.name !== record.name || r.version !== record.version || scored[at]!.row.label !== top.row.label) continue;
    const n = fields(scored[at]!.row.title);
    if (n > most) [pick, most] = [at, n];
  }
  if (pick === 0) return;
  const [chosen] = scored.splice(pick, 1);
  chosen!.score = top.score;
  scored.unshift(chosen!);
}

/** A word that says the name after it is a dependency (`which package depends on mime-db`). */
const DEPENDS = /^(?:depends?|depending|dependent|requires?)$/i;

/** The name a query asks the dependents of (`mime-db` of "which package depends on mime-db"), if it asks that. */
export function dependedOn(fragments: readonly string[]): string | undefined {
  const at = fragments.findIndex((f) => DEPENDS.test(f));
  const name = at >= 0 ? fragments[at + 1] : undefined;
  return name && /^@?[a-z0-9][\w./-]*$/i.test(name) ? name.toLowerCase() : undefined;
}

/** Records looked through for one that lists the name as a dependency. */
const DEPENDENTS_LOOK = 10;

/**
 * "which package depends on mime-db": in a file of records of many packages, the record that
 * lists the name as a dependency (`"mime-db": "^1.54.0"`) answers, not the named package's own
 * record, which its title and name field match best. When the first hit is a record and is no
 * such dependent, the best-scored record among the next few that is one leads. `scored` is
 * sorted best first and is reordered in place.
 */
export function preferDependents<T extends Ranked & { row: { body: string } }>(scored: T[], name: string): void {
  const top = scored[0];
  if (!top || !recordOf(top.row.title)) return;
  const lists = new RegExp(`"${escapeRegExp(name)}"\\s*:\\s*"`, "i");
  const dependent = (r: T) => {
    const record = recordOf(r.row.title);
    return record !== undefined && record.name.toLowerCase() !== name && lists.test(r.row.body);
  };
  if (dependent(top)) return;
  const at = scored.findIndex((r, i) => i > 0 && i < DEPENDENTS_LOOK && r.row.label === top.row.label && dependent(r));
  if (at < 0) return;
  const [chosen] = scored.splice(at, 1);
  chosen!.score = top.score;
  scored.unshift(chosen!);
}
