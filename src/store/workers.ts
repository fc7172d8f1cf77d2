import { hostRuntime } from "#process";

/** Bun only: the Node fallback keeps to one thread rather than ship and locate more bundles. */
export function workersAvailable(): boolean {
  return hostRuntime.name === "bun";
}

/**
 * Where a worker module of this folder (`prepare-worker.ts`) is. A compiled binary embeds extra
 * entrypoints (build/build.ts lists them) beside the executable's own virtual path
 * (`/$bunfs/root/<exe>`), under their path relative to src/.
 */
export function workerModule(file: string): URL {
  const here = import.meta.url;
  if (here.includes("$bunfs") || here.includes("~BUN")) return new URL(`./store/${file}`, here);
  return new URL(`./${file}`, here);
}
