import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/config.ts";
import { resolveProject } from "../store/project.ts";

/**
 * Hooks deny a call only when the model can make the ctx_* call the reason names. Two signs say
 * it can: setup registered ctxmode's MCP server for the host (`<dataDir>/registered/<host>`), or a
 * ctxmode server runs for the project right now. A running server keeps a marker file
 * `<projects>/<key>/live/<pid>`, touched every 30 s and removed on exit; a marker counts while it
 * is younger than 90 s and its process exists (a crashed server's marker goes stale on its own).
 */
const TOUCH_MS = 30_000;
const FRESH_MS = 90_000;

/** The folder of live markers of the project containing `dir`. */
export function liveDir(projectsDir: string, dir: string): string {
  return join(projectsDir, resolveProject(dir).key, "live");
}

/** Where setup records that it registered ctxmode's MCP server for `host`. */
export function registeredMarker(dataDir: string, host: string): string {
  return join(dataDir, "registered", host);
}

/**
 * Server side: writes this process's marker for the project and keeps it fresh. Returns a function
 * that removes it. Never throws: a read-only data dir only means hooks will not deny.
 */
export function startLiveMarker(config: Config): () => void {
  let file: string;
  try {
    const dir = liveDir(config.projectsDir, config.projectDir);
    mkdirSync(dir, { recursive: true });
    file = join(dir, String(process.pid));
    writeFileSync(file, "");
  } catch {
    return () => {};
  }
  const timer = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      try {
        writeFileSync(file, "");
      } catch {
        // data dir gone or read-only; hooks fall back to passing
      }
    }
  }, TOUCH_MS);
  timer.unref();
  const remove = () => {
    clearInterval(timer);
    rmSync(file, { force: true });
    process.off("exit", remove);
  };
  process.on("exit", remove);
  return remove;
}

/** Hook side: true when a ctxmode server is alive for the project; stale markers are cleaned up. */
export function serverLive(dir: string, now = Date.now()): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  for (const name of names) {
    const file = join(dir, name);
    const pid = Number(name);
    let fresh = false;
    try {
      fresh = now - statSync(file).mtimeMs < FRESH_MS;
    } catch {
      continue;
    }
    if (fresh && Number.isInteger(pid) && pid > 0 && processExists(pid)) return true;
    rmSync(file, { force: true });
  }
  return false;
}

export function isRegistered(dataDir: string, host: string): boolean {
  return existsSync(registeredMarker(dataDir, host));
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
