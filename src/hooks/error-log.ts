import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";

/** The log is rotated once it passes this size: one previous file is kept (`hook-errors.log.1`). */
const LOG_MAX_BYTES = 1024 * 1024;

/**
 * Appends one line to `<dataDir>/hook-errors.log`: a swallowed hook error, so a broken setup is
 * visible without ever breaking the host. Never throws (a full disk just loses the line).
 */
export function logHookError(dataDir: string, fields: { host: string; event: string; code: string; message: string }): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, "hook-errors.log");
    try {
      if (statSync(file).size > LOG_MAX_BYTES) renameSync(file, `${file}.1`);
    } catch {
      // no log yet
    }
    const message = fields.message.replace(/\s+/g, " ").slice(0, 500);
    appendFileSync(file, `${new Date().toISOString()} ${fields.host || "-"} ${fields.event || "-"} ${fields.code}: ${message}\n`);
  } catch {
    // nowhere to write: the host still gets its reply
  }
}
