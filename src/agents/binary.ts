import { realpathSync } from "node:fs";
import { basename } from "node:path";
import { which } from "#process";
import { CtxError } from "../errors.ts";

/**
 * The path hosts should run: the `ctxmode` on PATH when it is this binary (a Homebrew symlink
 * outlives the versioned Cellar path it points to), else this binary itself.
 */
export function stableBinary(): string {
  const self = process.execPath;
  if (!basename(self).startsWith("ctxmode")) throw new CtxError("BAD_INPUT", "run this from the installed ctxmode binary, or pass --binary <path>");
  const onPath = which("ctxmode");
  try {
    if (onPath && realpathSync(onPath) === realpathSync(self)) return onPath;
  } catch {
    // Fall through to this binary's own path.
  }
  return self;
}
