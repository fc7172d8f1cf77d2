import { describe, expect, test } from "bun:test";
import { linkSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CtxError } from "../../src/errors.ts";
import { safeFetch, type FetchOptions, type Resolver } from "../../src/fetch/fetch.ts";
import { checkPath, createPolicy } from "../../src/sandbox/policy.ts";
import { redirect, send, startSite } from "../fetch/helpers.ts";
import { figure } from "../helpers/figures.ts";
import { tempDir } from "../helpers/temp.ts";

describe("path escapes against the project boundary", () => {
  const root = realpathSync(tempDir("ctxmode-escape-"));
  const project = join(root, "proj");
  const outside = join(root, "outside");
  for (const dir of [join(project, "src"), join(project, "deep", "a", "b"), outside]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(outside, "secret.txt"), "outside secret");
  writeFileSync(join(project, "src", "ok.ts"), "inside");
  writeFileSync(join(project, ".env"), "TOKEN=1");
  symlinkSync(join(outside, "secret.txt"), join(project, "file-link"));
  symlinkSync(outside, join(project, "dir-link"));
  symlinkSync("../../../../outside", join(project, "deep", "a", "b", "relative-link"));
  symlinkSync(join(project, "loop-b"), join(project, "loop-a"));
  symlinkSync(join(project, "loop-a"), join(project, "loop-b"));
  symlinkSync(join(project, "chain-2"), join(project, "chain-1"));
  symlinkSync(join(project, "dir-link"), join(project, "chain-2"));
  linkSync(join(outside, "secret.txt"), join(project, "hard-link"));
  const none = createPolicy({}, { platform: "linux" });

  /** [what, path] that must be refused. */
  const refused: [string, string][] = [
    ["symlink to a file outside", "file-link"],
    ["symlink to a folder outside", "dir-link/secret.txt"],
    ["symlink to a folder, new file", "dir-link/new.txt"],
    ["relative symlink climbing out", "deep/a/b/relative-link/secret.txt"],
    ["chain of symlinks", "chain-1/secret.txt"],
    ["symlink loop", "loop-a/x"],
    ["dot-dot", "../outside/secret.txt"],
    ["dot-dot after a real folder", "src/../../outside/secret.txt"],
    ["dot-dot through a symlink", "dir-link/../outside/secret.txt"],
    ["many dot-dots", `${"../".repeat(40)}etc/passwd`],
    ["absolute path outside", join(outside, "secret.txt")],
    ["absolute system path", "/etc/passwd"],
    ["proc self root", "/proc/self/root/etc/passwd"],
    ["proc self cwd", "/proc/self/cwd/secret.txt"],
    ["hard link to a file outside", "hard-link"],
    ["case variant of the project folder (case-sensitive file system)", join(root, "PROJ", "src", "ok.ts")],
    ["double slashes and dots", `${project}//./../outside/./secret.txt`],
  ];
  test.each(refused)("%s is refused", (_what, path) => {
    const d = checkPath(none, path, project);
    expect(d.ok).toBe(false);
  });

  test("a Read deny rule holds whatever case or path form reaches the file on a case-insensitive platform", () => {
    const mac = createPolicy({ deny: ["Read(.env)", "Read(**/*.pem)"] }, { platform: "darwin" });
    for (const path of [".ENV", "./.Env", "src/../.env", join(project, ".eNv"), "keys/SERVER.PEM"]) {
      expect({ path, ok: checkPath(mac, path, project).ok }).toEqual({ path, ok: false });
    }
  });

  test("paths that stay inside are allowed", () => {
    for (const path of ["src/ok.ts", "./src/../src/ok.ts", join(project, "src", "ok.ts"), "deep/a/b", "src/new-file.ts"]) {
      expect({ path, ok: checkPath(none, path, project).ok }).toEqual({ path, ok: true });
    }
    figure("escapes.path_attempts", refused.length + 5);
  });
});

describe("SSRF: every address form and every hop is checked", () => {
  const strict = { allowPrivate: false, strict: true };
  const options = (over: Partial<FetchOptions> = {}): FetchOptions => ({ policy: strict, timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 5, ...over });
  async function refusal(url: string, over: Partial<FetchOptions> = {}): Promise<string> {
    try {
      const page = await safeFetch(url, options(over));
      page.cancel();
      return `fetched ${page.url}`;
    } catch (err) {
      return err instanceof CtxError ? err.code : `threw ${String(err)}`;
    }
  }

  test("IPv4 in decimal, octal, hex and short forms, IPv6 and mapped forms: refused, nothing connected", async () => {
    const site = await startSite({ "/": send("text/plain", "reached") });
    const p = site.port;
    const forms = [
      // loopback (refused under CTXMODE_FETCH_STRICT) in every spelling URL parsers accept
      `http://127.0.0.1:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://017700000001:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://0x7f.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://127.0.1:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://127.000.000.001:${p}/`,
      `http://[::1]:${p}/`,
      `http://[0:0:0:0:0:0:0:1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${p}/`,
      `http://[64:ff9b::7f00:1]:${p}/`,
      `http://localhost:${p}/`,
      `http://LOCALHOST.:${p}/`,
      `http://anything.localtest.me:${p}/`,
      // this-network, metadata and link-local, in the same spellings
      `http://0:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://[::]:${p}/`,
      "http://169.254.169.254/",
      "http://2852039166/",
      "http://0xa9fea9fe/",
      "http://0251.0376.0251.0376/",
      "http://0xa9.0xfe.0xa9.0xfe/",
      "http://169.254.43518/",
      "http://[::ffff:169.254.169.254]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://[64:ff9b::a9fe:a9fe]/",
      "http://[2002:a9fe:a9fe::]/",
      "http://[fe80::1]/",
      "http://[fd00:ec2::254]/",
      "http://100.100.100.200/",
      "http://[ff02::1]/",
      // private ranges (refused unless CTXMODE_FETCH_ALLOW_PRIVATE)
      "http://10.0.0.1/",
      "http://012.0.0.1/",
      "http://0xa000001/",
      "http://167772161/",
      "http://192.168.0.1/",
      "http://172.16.0.1/",
      "http://[::ffff:10.0.0.1]/",
    ];
    // Names resolve to loopback here, as a hostile DNS would answer; the check must see through it.
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const outcomes = await Promise.all(forms.map(async (url) => [url, await refusal(url, { resolve })] as const));
    expect(outcomes.filter(([, code]) => code !== "FETCH_BLOCKED")).toEqual([]);
    expect(site.hits).toEqual([]);
    figure("escapes.ssrf_address_forms", forms.length);
  });

  test("a DNS answer that changes between calls: the checked address is the one connected to, and the next hop is checked again", async () => {
    const site = await startSite({ "/": redirect("/again"), "/again": send("text/plain", "second hop") });
    let calls = 0;
    // First answer: the local test server (allowed without strict). Every later one: the metadata service.
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "169.254.169.254", family: 4 }]);
    const loose = { allowPrivate: false, strict: false };
    const code = await refusal(`http://rebind.test:${site.port}/`, { policy: loose, resolve: rebinding });
    expect(code).toBe("FETCH_BLOCKED");
    expect(calls).toBe(2);
    expect(site.hits).toEqual([`GET / rebind.test:${site.port}`]);
    // Mixed answers: one refused address refuses the name.
    const mixed: Resolver = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    expect(await refusal(`http://mixed.test:${site.port}/`, { policy: loose, resolve: mixed })).toBe("FETCH_BLOCKED");
    expect(site.hits.length).toBe(1);
  });

  test("redirect chains into refused places are refused at the hop, whatever the spelling", async () => {
    const targets = [
      "http://169.254.169.254/latest/meta-data/",
      "http://2852039166/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://0251.0376.0251.0376/",
      "http://[fd00:ec2::254]/",
      "http://10.1.2.3/",
      "file:///etc/passwd",
      "gopher://127.0.0.1:70/",
      "ftp://example.com/",
      "http://metadata.test/",
    ];
    const routes: Record<string, ReturnType<typeof redirect>> = {};
    targets.forEach((t, i) => {
      // Each chain passes through two harmless hops first.
      routes[`/chain${i}`] = redirect(`/chain${i}b`);
      routes[`/chain${i}b`] = redirect(`/chain${i}c`);
      routes[`/chain${i}c`] = redirect(t);
    });
    const site = await startSite(routes);
    const resolve: Resolver = async (host) => [{ address: host === "metadata.test" ? "169.254.169.254" : "127.0.0.1", family: 4 }];
    const loose = { allowPrivate: false, strict: false };
    const outcomes = await Promise.all(targets.map(async (t, i) => [t, await refusal(site.url(`/chain${i}`), { policy: loose, resolve })] as const));
    expect(outcomes.filter(([, code]) => code !== "FETCH_BLOCKED")).toEqual([]);
    // Loopback is allowed (local dev servers) unless CTXMODE_FETCH_STRICT=1; then the chain's first hop is refused.
    expect(await refusal(site.url("/chain0"))).toBe("FETCH_BLOCKED");
    figure("escapes.ssrf_redirect_chains", targets.length + 1);
  });
});
