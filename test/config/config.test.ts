import { expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import { DEFAULT_RELEASE_URL } from "../../src/config/release.ts";

const base = { HOME: "/home/u" };

test.each([
  [{}, DEFAULT_RELEASE_URL],
  [{ CTXMODE_RELEASE_URL: "" }, DEFAULT_RELEASE_URL],
  [{ CTXMODE_RELEASE_URL: "http://127.0.0.1:8080/rel/" }, "http://127.0.0.1:8080/rel"],
  [{ CTXMODE_RELEASE_URL: "https://mirror.example/ctxmode" }, "https://mirror.example/ctxmode"],
])("CTXMODE_RELEASE_URL %p gives releaseUrl %p", (env, url) => {
  expect(loadConfig({ ...base, ...env }).releaseUrl).toBe(url);
});

test.each([
  [{}, false],
  [{ CTXMODE_DEBUG: "" }, false],
  [{ CTXMODE_DEBUG: "1" }, true],
])("CTXMODE_DEBUG %p gives debug %p", (env, debug) => {
  expect(loadConfig({ ...base, ...env }).debug).toBe(debug);
});
