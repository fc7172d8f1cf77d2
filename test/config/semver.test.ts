import { expect, test } from "bun:test";
import { compareVersions, isNewer } from "../../src/config/semver.ts";

/** [a, b, sign of compareVersions(a, b)], in semver 2.0.0 precedence (its §11 examples included). */
const TABLE: [string, string, -1 | 0 | 1][] = [
  ["1.0.0", "1.0.0", 0],
  ["1.0.1", "1.0.0", 1],
  ["1.1.0", "1.0.9", 1],
  ["2.0.0", "1.99.99", 1],
  ["1.10.0", "1.9.0", 1],
  ["0.1.0", "0.1.1", -1],
  ["v1.2.3", "1.2.3", 0],
  ["1.2.3+build.5", "1.2.3", 0],
  ["1.0.0", "1.0.0-rc.1", 1],
  ["1.0.0-rc.1", "1.0.0", -1],
  ["1.0.0-alpha", "1.0.0-alpha.1", -1],
  ["1.0.0-alpha.1", "1.0.0-alpha.beta", -1],
  ["1.0.0-alpha.beta", "1.0.0-beta", -1],
  ["1.0.0-beta", "1.0.0-beta.2", -1],
  ["1.0.0-beta.2", "1.0.0-beta.11", -1],
  ["1.0.0-beta.11", "1.0.0-rc.1", -1],
  ["1.0.0-rc.1", "1.0.0-rc.1", 0],
  ["1.0.1-rc.1", "1.0.0", 1],
  ["0.9.9", "1.0.0-rc.1", -1],
];

test.each(TABLE)("%s vs %s: %d", (a, b, sign) => {
  expect(compareVersions(a, b)).toBe(sign);
  expect(compareVersions(b, a)).toBe(sign === 0 ? 0 : sign === 1 ? -1 : 1);
  expect(isNewer(a, b)).toBe(sign === 1);
});

test.each([
  ["dev", "1.0.0"],
  ["1.0.0", "dev"],
  ["1.0", "1.0.0"],
  ["", "1.0.0"],
  ["1.0.0-", "1.0.0"],
])("%p or %p is no version: undefined, never newer", (a, b) => {
  expect(compareVersions(a, b)).toBeUndefined();
  expect(isNewer(a, b)).toBe(false);
});
