/** MAJOR.MINOR.PATCH, an optional pre-release after `-`, optional build metadata after `+`; a leading `v` is allowed. */
const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?$/;

/**
 * Orders two versions by semver 2.0.0 precedence: -1, 0 or 1, or undefined when either is not a
 * version (a `dev` build). Build metadata is ignored; a pre-release sorts before its release
 * (`1.0.0-rc.1` < `1.0.0`), and its dot-separated parts compare numerically when both are numbers,
 * else as text, a number before text, a shorter list first.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | undefined {
  const pa = SEMVER.exec(a.trim());
  const pb = SEMVER.exec(b.trim());
  if (!pa || !pb) return undefined;
  for (let i = 1; i <= 3; i++) {
    const d = sign(Number(pa[i]) - Number(pb[i]));
    if (d) return d;
  }
  const ra = pa[4]?.split(".");
  const rb = pb[4]?.split(".");
  if (!ra || !rb) return ra ? -1 : rb ? 1 : 0;
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const d = comparePart(ra[i]!, rb[i]!);
    if (d) return d;
  }
  return sign(ra.length - rb.length);
}

/** True when `candidate` is a later version than `current`; false when either is not a version. */
export function isNewer(candidate: string, current: string): boolean {
  return compareVersions(candidate, current) === 1;
}

function comparePart(a: string, b: string): -1 | 0 | 1 {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb) return sign(Number(a) - Number(b));
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function sign(n: number): -1 | 0 | 1 {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}
