import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";

/**
 * A local npm registry on 127.0.0.1 serving only the tarballs a test hands it (packuments and
 * tarballs, the two requests npm and bun make), so a host installs `ctxmode` by name, offline,
 * through its ordinary npm client. Every other package answers 404 (npm skips a missing optional
 * dependency, such as the platform packages that are not built here).
 */
export interface LocalRegistry {
  url: string;
  /** Package names that were asked for, in order (what the host's npm client requested). */
  asked: string[];
  stop(): void;
}

export function startRegistry(tarballs: string[]): LocalRegistry {
  const packages = new Map<string, { manifest: Record<string, unknown>; file: string; bytes: Buffer }>();
  for (const file of tarballs) {
    const bytes = readFileSync(file);
    const manifest = JSON.parse(packageJson(file)) as Record<string, unknown>;
    packages.set(String(manifest.name), { manifest, file, bytes });
  }
  const asked: string[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req): Response {
      const origin = new URL(req.url).origin;
      const path = decodeURIComponent(new URL(req.url).pathname).replace(/^\//, "");
      const tarball = /^(.+)\/-\/([^/]+\.tgz)$/.exec(path);
      if (tarball) {
        const pkg = packages.get(tarball[1]!);
        return pkg && basename(pkg.file) === tarball[2] ? new Response(pkg.bytes, { headers: { "content-type": "application/octet-stream" } }) : notFound();
      }
      asked.push(path);
      const pkg = packages.get(path);
      if (!pkg) return notFound();
      const version = String(pkg.manifest.version);
      const dist = {
        tarball: `${origin}/${path}/-/${basename(pkg.file)}`,
        shasum: createHash("sha1").update(pkg.bytes).digest("hex"),
        integrity: `sha512-${createHash("sha512").update(pkg.bytes).digest("base64")}`,
      };
      return Response.json({ name: path, "dist-tags": { latest: version }, versions: { [version]: { ...pkg.manifest, dist } } });
    },
  });
  return { url: `${server.url.origin}/`, asked, stop: () => server.stop(true) };
}

const notFound = () => Response.json({ error: "Not found" }, { status: 404 });

/** package/package.json out of an npm tarball (gzip, ustar). */
function packageJson(file: string): string {
  const tar = Bun.gunzipSync(readFileSync(file));
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = new TextDecoder().decode(tar.subarray(at, at + 100)).replace(/\0.*$/s, "");
    const size = Number.parseInt(
      new TextDecoder()
        .decode(tar.subarray(at + 124, at + 136))
        .replace(/\0.*$/s, "")
        .trim() || "0",
      8,
    );
    if (!name) break;
    if (name === "package/package.json") return new TextDecoder().decode(tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${file} holds no package/package.json`);
}
