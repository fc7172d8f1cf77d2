/** Fetched pages as a cache: a URL indexed within its TTL is answered from the index. */
import type { Database } from "../store/db.ts";
import type { SourceInfo } from "../store/purge.ts";
import { deleteSourcesIndexedBefore } from "../store/retention.ts";
import { findSource } from "../store/source-lookup.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const WEB_ORIGINS = ["http://", "https://"];

/** The source under `label` when it holds `url` and was indexed less than `ttlMs` ago. */
export function cachedPage(db: Database, label: string, url: string, ttlMs: number, now: number): SourceInfo | undefined {
  if (ttlMs <= 0) return undefined;
  const source = findSource(db, label);
  if (!source || source.origin !== url) return undefined;
  return now - source.indexedAt < ttlMs ? source : undefined;
}

const swept = new WeakSet<Database>();

/**
 * Deletes fetched pages not refreshed for `retentionDays` (0 keeps them), once per database
 * handle, i.e. on a process's first web index. Files and text the user indexed are never aged out.
 */
export function sweepStalePages(db: Database, retentionDays: number, now: number): number {
  if (retentionDays <= 0 || swept.has(db)) return 0;
  swept.add(db);
  return deleteSourcesIndexedBefore(db, now - retentionDays * DAY_MS, WEB_ORIGINS);
}
