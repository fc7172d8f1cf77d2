import { expect, test } from "bun:test";
import { runSoak } from "../../bench/soak.ts";
import { binary } from "../helpers/cli.ts";
import { figure } from "../helpers/figures.ts";

const CALLS = 2_000;
const WARM_UP = 500;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test(`soak: ${CALLS} mixed MCP calls with 16 hook processes writing meanwhile: memory and latency stay flat, nothing lost`, async () => {
  const r = await runSoak({ binary, calls: CALLS, hooks: 16, window: 1_000 });
  expect(r.errors).toEqual([]);
  expect({ missing: r.markersMissing, integrity: r.integrity }).toEqual({ missing: [], integrity: "ok" });
  // RSS swings with the garbage collector: the median of the samples after warm-up against that of the last ones.
  const after = r.rssSamples.filter(([calls]) => calls > WARM_UP).map(([, mb]) => mb);
  const early = median(after.slice(0, 5));
  const late = median(after.slice(-5));
  const [first, last] = [r.windows[0]!, r.windows.at(-1)!];
  figure("soak.rss_start_mb", r.rssStartMB, "MB");
  figure("soak.rss_after_warmup_mb", early, "MB");
  figure("soak.rss_end_mb", late, "MB");
  figure("soak.p95_first_ms", first.all.p95, "ms");
  figure("soak.p95_last_ms", last.all.p95, "ms");
  figure("soak.wal_max_mb", Math.max(...r.windows.map((w) => w.walMB)), "MB");
  expect(late - early).toBeLessThanOrEqual(10);
  expect(last.fds).toBeLessThanOrEqual(first.fds + 2);
  expect(last.all.p95).toBeLessThanOrEqual(2 * first.all.p95);
  expect(Math.max(...r.windows.map((w) => w.walMB))).toBeLessThan(40);
}, 120_000);
