import { readFileSync } from "node:fs";
import { basename } from "node:path";

/** A package the registry knows: its manifest, and the packed tarball when it can be downloaded. */
export interface RegistryPackage {
  manifest: { name: string; version: string } & Record<string, unknown>;
  tarball?: string;
}

export interface LocalRegistry {
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  /** Serves an extra file (a web page for the fetch path) at `path`. */
  route(path: string, type: string, body: string): void;
  stop(): void;
}

/**
 * The part of the npm registry protocol `npm install` uses: a packument per name and tarballs.
 * Packages without a tarball are listed (so npm can see their os/cpu/libc and skip them) but
 * their download 404s, so any attempt to install one shows up as a failure.
 */
export function startRegistry(packages: readonly RegistryPackage[]): LocalRegistry {
  const requests: string[] = [];
  const routes = new Map<string, { type: string; body: string }>();
  const tarballs = new Map<string, string>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const path = decodeURIComponent(new URL(req.url).pathname);
      requests.push(path);
      const extra = routes.get(path);
      if (extra) return new Response(extra.body, { headers: { "content-type": extra.type } });
      const file = tarballs.get(path);
      if (file) return new Response(Bun.file(file), { headers: { "content-type": "application/octet-stream" } });
      const packument = packuments.get(path.slice(1));
      if (packument) return new Response(JSON.stringify(packument), { headers: { "content-type": "application/json" } });
      return new Response("not found", { status: 404 });
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  const packuments = new Map<string, unknown>();
  for (const { manifest, tarball } of packages) {
    const file = tarball ? readFileSync(tarball) : new Uint8Array(0);
    const tarPath = `/tarballs/${tarball ? basename(tarball) : `missing-${manifest.name}.tgz`}`;
    if (tarball) tarballs.set(tarPath, tarball);
    const version = {
      ...manifest,
      _id: `${manifest.name}@${manifest.version}`,
      dist: {
        tarball: url + tarPath,
        shasum: new Bun.CryptoHasher("sha1").update(file).digest("hex"),
        integrity: `sha512-${new Bun.CryptoHasher("sha512").update(file).digest("base64")}`,
      },
    };
    packuments.set(manifest.name, { name: manifest.name, "dist-tags": { latest: manifest.version }, versions: { [manifest.version]: version } });
  }
  return {
    url,
    requests,
    route(path, type, body) {
      routes.set(path, { type, body });
    },
    stop: () => server.stop(true),
  };
}
