import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/temp.ts";

/** Version of a node binary as [major, minor], or undefined when it does not run. */
function nodeVersion(node: string): [number, number] | undefined {
  const out = Bun.spawnSync([node, "--version"], { stdout: "pipe", timeout: 10_000 }).stdout.toString().trim();
  const m = /^v(\d+)\.(\d+)\./.exec(out);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

function candidates(): string[] {
  return [
    Bun.which("node"),
    "/usr/bin/node",
    "/usr/local/bin/node",
    // .ci/run installs Node 24 here; a developer machine may keep it in a tools/ folder beside the checkout.
    join(repoRoot, ".tools", "node_modules", ".bin", "node"),
    join(repoRoot, "..", "tools", "node_modules", ".bin", "node"),
  ].filter((c): c is string => !!c && existsSync(c));
}

/** A Node that runs the npm fallback build (>= 22.13). */
export function findModernNode(): string | undefined {
  return candidates().find((c) => {
    const v = nodeVersion(c);
    return v !== undefined && (v[0] > 22 || (v[0] === 22 && v[1] >= 13));
  });
}

/** A Node older than 22.13, to see the fallback build refuse it. */
export function findOldNode(): string | undefined {
  return candidates().find((c) => {
    const v = nodeVersion(c);
    return v !== undefined && (v[0] < 22 || (v[0] === 22 && v[1] < 13));
  });
}
