import { loadConfig, type Config } from "../config/config.ts";
import { openProjectStore, type ProjectStore } from "../store/open-project.ts";
import { SCHEMA_VERSION } from "../store/schema.ts";
import { schemaVersion } from "../store/db.ts";
import { applySpools, spoolRoot, spoolWaiting } from "../store/spool.ts";
import { upgradePending, upgradeStep } from "../store/upgrade.ts";

/**
 * What every data command needs: the config and the project's store for `--project` (or cwd).
 * A database from an older ctxmode is brought up to date first, the read-only case included
 * (one short write, then read-only as asked): the CLI is where an upgrade finishes at once,
 * while a server does it in the background and a hook never does.
 */
export function openForCommand(projectDir: string | undefined, options: { readonly?: boolean } = {}): { config: Config; store: ProjectStore } {
  const config = loadConfig();
  const dir = projectDir ?? process.cwd();
  let store = openProjectStore(config, dir, options);
  if (schemaVersion(store.db) < SCHEMA_VERSION || upgradePending(store.db)) {
    const writer = options.readonly ? openProjectStore(config, dir) : store;
    try {
      while (!upgradeStep(writer.db)) {
        // A batch per transaction, so a hook writing meanwhile waits one batch at most.
      }
    } finally {
      if (writer !== store) {
        writer.db.close();
        store.db.close();
        store = openProjectStore(config, dir, options);
      }
    }
  }
  // What a server's ctx_index spooled and has not written yet (or left behind when it died).
  const root = spoolRoot(store.dbPath);
  if (spoolWaiting(root)) {
    const writer = options.readonly ? openProjectStore(config, dir) : store;
    try {
      applySpools(writer.db, root);
    } finally {
      if (writer !== store) writer.db.close();
    }
  }
  return { config, store };
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
