import { accessSync, constants } from "node:fs";
import { dirname } from "node:path";
import { CtxError, errorMessage } from "../errors.ts";

/**
 * A storage failure as a sentence the user or model can act on: SQLite says "database or disk is
 * full" or "unable to open database file" / "attempt to write a readonly database", which name
 * neither the folder nor the fix. Returns undefined for any other error.
 */
export function explainStoreError(err: unknown, dataDir: string): CtxError | undefined {
  if (err instanceof CtxError) return undefined;
  const msg = errorMessage(err);
  const code = String((err as { code?: unknown })?.code ?? "");
  if (/disk is full|SQLITE_FULL|ENOSPC/i.test(`${msg} ${code}`)) {
    return new CtxError("DB_ERROR", `the disk holding ${dataDir} is full (${msg}); free some space and retry, nothing stored so far was lost`, { cause: err });
  }
  if (/readonly|read-only|EROFS|EACCES|EPERM|unable to open database file|SQLITE_CANTOPEN/i.test(`${msg} ${code}`) && !writable(dataDir)) {
    return new CtxError("DB_ERROR", `the folder ${dataDir} is read-only (${msg}); make it writable or set CTXMODE_DATA_DIR to a writable folder`, {
      cause: err,
    });
  }
  return undefined;
}

/** Whether `dir`, or the nearest folder above it that exists (a folder not made yet), is writable. */
function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch (err) {
    const parent = dirname(dir);
    return (err as NodeJS.ErrnoException).code === "ENOENT" && parent !== dir ? writable(parent) : false;
  }
}
