import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Compiles `entry` to `outfile` with the flags the ctxmode binary is built with (minified, bytecode, no dotenv or bunfig). */
export async function compileLikeCtxmode(entry: string, outfile: string): Promise<string> {
  const built = await Bun.build({
    entrypoints: [entry],
    compile: { outfile, autoloadDotenv: false, autoloadBunfig: false },
    format: "esm",
    minify: true,
    bytecode: true,
  });
  if (!built.success) throw new AggregateError(built.logs, `could not compile ${entry}`);
  return outfile;
}

/** A do-nothing program compiled the way ctxmode is, in `dir`: the floor under the hook rows. */
export async function bareProgram(dir: string): Promise<string> {
  const src = join(dir, "bare.ts");
  writeFileSync(src, "process.exitCode = 0;\n");
  return compileLikeCtxmode(src, join(dir, "bare"));
}
