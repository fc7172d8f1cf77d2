import { accessSync, constants, statSync } from "node:fs";
import { basename, delimiter, isAbsolute, join } from "node:path";
import { hostRuntime } from "#process";
import { CtxError } from "../errors.ts";
import { LANGUAGE_IDS, LANGUAGES, type LanguageId } from "./languages.ts";
import { probeRuntime } from "./runtime-probe.ts";

/** One process to start: absolute command, its arguments, and variables added to the child env. */
interface Invocation {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Windows `.cmd`/`.bat` shims can only be started through the shell. */
  shell: boolean;
}

/** How a script is run: Rust compiles first, everything else is a single step. */
interface RunPlan {
  compile?: Invocation;
  run: Invocation;
}

/** Preload beside a JS/TS script: defines FILE_CONTENT and hides BUN_BE_BUN from grandchildren. */
export const JS_PRELOAD_NAME = "ctxmode-preload.cjs";
/** Empty bunfig passed with `--config`, so a project bunfig.toml (which can preload code) is ignored. */
export const BUN_CONFIG_NAME = "ctxmode-bunfig.toml";

type Env = Record<string, string | undefined>;

/** A language's runtime here: the command that runs it, or the sentence saying what to install. */
type Resolved = { command: string } | { problem: string };

const detected = new Map<string, ReadonlyMap<LanguageId, string>>();
const resolved = new Map<string, Resolved>();

/**
 * Looks `name` up in the PATH directories with fs only (no `which`). Relative PATH entries are
 * ignored so a project-local file cannot pose as a runtime. On Windows, PATHEXT suffixes are tried.
 */
export function findExecutable(name: string, env: Env, platform: NodeJS.Platform = process.platform): string | null {
  const pathValue = env.PATH ?? env.Path ?? "";
  const exts = platform === "win32" ? ["", ...(env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)] : [""];
  for (const dir of pathValue.split(platform === "win32" ? ";" : delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    for (const ext of exts) {
      const file = join(dir, name + ext);
      try {
        if (!statSync(file).isFile()) continue;
        if (platform !== "win32") accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here, or not executable: keep looking
      }
    }
  }
  return null;
}

/**
 * Which PATH-based runtimes exist and run, detected once per PATH value and cached.
 * JavaScript and TypeScript are absent here: they run on the host process (see planRun).
 */
export function detectRuntimes(env: Env, platform: NodeJS.Platform = process.platform): ReadonlyMap<LanguageId, string> {
  const key = pathKey(env, platform);
  const cached = detected.get(key);
  if (cached) return cached;
  const found = new Map<LanguageId, string>();
  for (const id of LANGUAGE_IDS) {
    const runtime = LANGUAGES[id].candidates.length ? resolveRuntime(id, env, platform) : undefined;
    if (runtime && "command" in runtime) found.set(id, runtime.command);
  }
  detected.set(key, found);
  return found;
}

/**
 * The first candidate on PATH whose version command runs (see probeRuntime), else a sentence
 * saying why none does and what to install. Cached per PATH value and language, so a run only
 * probes the runtime it needs.
 */
function resolveRuntime(id: LanguageId, env: Env, platform: NodeJS.Platform): Resolved {
  const key = `${pathKey(env, platform)}\0${id}`;
  const cached = resolved.get(key);
  if (cached) return cached;
  const spec = LANGUAGES[id];
  let problem: string | undefined;
  let runtime: Resolved | undefined;
  for (const candidate of spec.candidates) {
    const file = findExecutable(candidate, env, platform);
    if (!file) continue;
    const failed = probeRuntime(file, spec.probeArgs, env, platform);
    if (!failed) {
      runtime = { command: file };
      break;
    }
    problem ??= failed;
  }
  runtime ??= {
    problem: problem
      ? `${id} cannot run here: ${problem}; ${spec.installHint} and make sure it is on PATH`
      : `${id} is not installed; ${spec.installHint} and make sure it is on PATH`,
  };
  resolved.set(key, runtime);
  return runtime;
}

function pathKey(env: Env, platform: NodeJS.Platform): string {
  return `${platform}\0${env.PATH ?? env.Path ?? ""}\0${env.PATHEXT ?? ""}`;
}

/** Languages that can run right now, JavaScript and TypeScript included when the host supports them. */
export function availableLanguages(env: Env): LanguageId[] {
  const found = detectRuntimes(env);
  return LANGUAGE_IDS.filter((id) => {
    if (id === "javascript") return true;
    if (id === "typescript") return hostKind() === "bun" || nodeStripsTypes();
    return found.has(id);
  });
}

/** "bun" inside the compiled binary or `bun run`, "node" in the npm fallback build. */
function hostKind(): "bun" | "node" {
  return hostRuntime.name;
}

function nodeStripsTypes(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}

/**
 * Builds the command lines for a script already written to `script` inside `tmpDir`.
 * Throws CtxError RUNTIME_MISSING with an install hint when the runtime is not on PATH or does not run.
 */
export function planRun(language: LanguageId, script: string, tmpDir: string, env: Env): RunPlan {
  if (language === "javascript" || language === "typescript") return { run: planHostScript(language, script, tmpDir) };
  const spec = LANGUAGES[language];
  const runtime = resolveRuntime(language, env, process.platform);
  if ("problem" in runtime) throw new CtxError("RUNTIME_MISSING", runtime.problem);
  const command = runtime.command;
  if (language === "rust") {
    const binary = join(tmpDir, process.platform === "win32" ? "script.exe" : "script");
    return {
      compile: invocation(command, ["--edition=2021", "-o", binary, script]),
      run: invocation(binary, []),
    };
  }
  const extra = basename(command) === "zsh" ? ["-f"] : [];
  return { run: invocation(command, [...extra, ...spec.runArgs, script]) };
}

/**
 * JS/TS run on the host executable so no Node or Bun install is needed. Under Bun,
 * `BUN_BE_BUN=1` makes even the compiled ctxmode binary act as `bun`; the project's .env and
 * bunfig.toml (which can preload code) are not loaded, matching how the binary itself starts.
 */
function planHostScript(language: "javascript" | "typescript", script: string, tmpDir: string): Invocation {
  const preload = join(tmpDir, JS_PRELOAD_NAME);
  if (hostKind() === "bun") {
    const args = ["run", "--no-env-file", `--config=${join(tmpDir, BUN_CONFIG_NAME)}`, "--preload", preload, script];
    return { ...invocation(process.execPath, args), env: { BUN_BE_BUN: "1" } };
  }
  if (language === "javascript") return invocation(process.execPath, ["--require", preload, script]);
  if (!nodeStripsTypes()) {
    throw new CtxError("RUNTIME_MISSING", `typescript needs Node.js 22.13 or newer (this is ${process.version}); upgrade Node or install the ctxmode binary`);
  }
  const args = ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "--require", preload, script];
  return invocation(process.execPath, args);
}

function invocation(command: string, args: string[]): Invocation {
  return { command, args, env: {}, shell: process.platform === "win32" && /\.(cmd|bat)$/i.test(command) };
}
