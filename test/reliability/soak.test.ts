import { expect, test } from "bun:test";
import { runSoak } from "../../bench/soak.ts";
import { binary } from "../helpers/cli.ts";
import { figure } from "../helpers/figures.ts";

const CALLS = 2_000;
const WARM_UP = 500;

test(`soak: ${CALLS} mixed MCP calls with 16 hook processes writing meanwhile: no runaway memory, latency stays flat, nothing lost`, async () => {
  const r = await runSoak({ binary, calls: CALLS, hooks: 16, window: 1_000 });
  expect(r.errors).toEqual([]);
  expect({ missing: r.markersMissing, integrity: r.integrity }).toEqual({ missing: [], integrity: "ok" });
  // RSS swings with the garbage collector (big outputs, 256 KB indexing): the server collects when
  // idle or when RSS climbed 24 MB above where its last collection left it, so a reading sits
  // between that floor and one call's garbage above the slack. What grows with a leak is the floor:
  // the lowest sample of the first third after warm-up against the lowest of the last third.
  const after = r.rssSamples.filter(([calls]) => calls > WARM_UP).map(([, mb]) => mb);
  const third = Math.max(1, Math.floor(after.length / 3));
  const early = Math.min(...after.slice(0, third));
  const late = Math.min(...after.slice(-third));
  const [first, last] = [r.windows[0]!, r.windows.at(-1)!];
  figure("soak.rss_start_mb", r.rssStartMB, "MB");
  figure("soak.rss_after_warmup_mb", early, "MB");
  figure("soak.rss_end_mb", late, "MB");
  figure("soak.rss_peak_mb", Math.max(...after), "MB");
  figure("soak.p95_first_ms", first.all.p95, "ms");
  figure("soak.p95_last_ms", last.all.p95, "ms");
  figure("soak.wal_max_mb", Math.max(...r.windows.map((w) => w.walMB)), "MB");
  expect(late - early).toBeLessThanOrEqual(10);
  expect(Math.max(...after) - early).toBeLessThanOrEqual(60);
  expect(last.fds).toBeLessThanOrEqual(first.fds + 2);
  expect(last.all.p95).toBeLessThanOrEqual(2 * first.all.p95);
  expect(Math.max(...r.windows.map((w) => w.walMB))).toBeLessThan(40);
}, 120_000);
