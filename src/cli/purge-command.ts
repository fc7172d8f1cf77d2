import { createInterface } from "node:readline/promises";
import { CtxError } from "../errors.ts";
import { purge } from "../store/purge.ts";
import { openForCommand, printJson } from "./context.ts";

interface PurgeOptions {
  source?: string;
  all?: boolean;
  project?: string;
  yes?: boolean;
  json?: boolean;
}

/** `ctxmode purge --source L | --all`: --all asks first on a terminal and needs --yes otherwise. */
export async function purgeCommand(opts: PurgeOptions): Promise<number> {
  if (!!opts.source === !!opts.all) throw new CtxError("BAD_INPUT", "pass exactly one of --source LABEL or --all");
  if (opts.source !== undefined && String(opts.source).trim() === "") throw new CtxError("BAD_INPUT", "--source needs a label");
  const { store } = openForCommand(opts.project);
  try {
    if (opts.all && !opts.yes) {
      if (!process.stdin.isTTY) throw new CtxError("BAD_INPUT", `refusing to delete everything indexed for ${store.project.root} without --yes`);
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      const answer = await rl.question(`Delete everything indexed for ${store.project.root}? [y/N] `);
      rl.close();
      if (!/^y(es)?$/i.test(answer.trim())) {
        process.stderr.write("nothing deleted\n");
        return 1;
      }
    }
    const result = purge(store.db, opts.all ? { all: true } : { source: String(opts.source) });
    if (opts.json) printJson(result);
    else process.stdout.write(`deleted ${result.sources} sources, ${result.chunks} chunks\n`);
    return opts.source && result.sources === 0 ? 1 : 0;
  } finally {
    store.db.close();
  }
}
