import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { HostPaths } from "../config/host-paths.ts";
import type { DiscoverHost } from "./types.ts";

/** One transcript file (or database) of a host. */
export interface Transcript {
  host: DiscoverHost;
  path: string;
  mtimeMs: number;
  size: number;
}

/**
 * Where each host keeps its sessions, as path patterns under its dirs: each `*` is one directory
 * level, the last segment a file-name test. Read-only: nothing here creates or touches a file.
 */
const LAYOUT: Record<DiscoverHost, (p: HostPaths) => { root: string; levels: RegExp[] }[]> = {
  "claude-code": (p) => [{ root: join(p.claudeDir, "projects"), levels: [/./, /\.jsonl$/] }],
  codex: (p) => [{ root: join(p.codexHome, "sessions"), levels: [/^\d{4}$/, /^\d{2}$/, /^\d{2}$/, /^rollout-.*\.jsonl$/] }],
  "gemini-cli": (p) => [{ root: join(p.geminiDir, "tmp"), levels: [/./, /^chats$/, /^session-.*\.jsonl?$/] }],
  "qwen-code": (p) => [
    { root: join(p.qwenDir, "projects"), levels: [/./, /^chats$/, /\.jsonl$/] },
    { root: join(p.qwenDir, "tmp"), levels: [/./, /^chats$/, /\.jsonl$/] },
  ],
  "copilot-cli": (p) => [{ root: join(p.copilotDir, "session-state"), levels: [/^[^.]/, /^events\.jsonl$/] }],
  opencode: (p) => [{ root: p.opencodeDataDir, levels: [/^opencode\.db$/] }],
  pi: (p) => [{ root: join(p.piDir, "sessions"), levels: [/./, /\.jsonl$/] }],
};

/** Every transcript of `hosts` modified at or after `since` (ms), oldest first. */
export function findTranscripts(paths: HostPaths, hosts: readonly DiscoverHost[], since = 0): Transcript[] {
  const out: Transcript[] = [];
  for (const host of hosts) {
    for (const { root, levels } of LAYOUT[host](paths))
      walk(root, levels, 0, (path, mtimeMs, size) => mtimeMs >= since && out.push({ host, path, mtimeMs, size }));
  }
  return out.sort((a, b) => a.mtimeMs - b.mtimeMs);
}

function walk(dir: string, levels: RegExp[], depth: number, found: (path: string, mtimeMs: number, size: number) => void): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // the host is not installed, or the folder is unreadable
  }
  const last = depth === levels.length - 1;
  for (const name of names) {
    if (!levels[depth]!.test(name)) continue;
    const path = join(dir, name);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(path);
    } catch {
      continue;
    }
    if (last) {
      // A database's recent writes sit in its WAL file.
      const wal = name.endsWith(".db") ? walTime(path) : 0;
      if (st.isFile()) found(path, Math.max(st.mtimeMs, wal), st.size);
    } else if (st.isDirectory()) walk(path, levels, depth + 1, found);
  }
}

function walTime(path: string): number {
  try {
    return statSync(`${path}-wal`).mtimeMs;
  } catch {
    return 0;
  }
}

/** The hosts among `hosts` that keep sessions on this machine (their session folder has an entry); no file is read. */
export function hostsWithTranscripts(paths: HostPaths, hosts: readonly DiscoverHost[]): DiscoverHost[] {
  return hosts.filter((host) =>
    LAYOUT[host](paths).some(({ root, levels }) => {
      try {
        return readdirSync(root).some((name) => levels[0]!.test(name));
      } catch {
        return false;
      }
    }),
  );
}
