import { CtxError } from "../errors.ts";

/** Every language the sandbox can run, in the order they are listed to users. */
export const LANGUAGE_IDS = ["javascript", "typescript", "python", "shell", "ruby", "go", "rust", "php", "perl", "r", "elixir", "csharp"] as const;

/** A canonical language id; resolveLanguage maps aliases to one. */
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** What the sandbox needs to know about one language. */
interface LanguageSpec {
  id: LanguageId;
  /** File name the code is written to inside the run's temp dir. */
  scriptName: string;
  /**
   * Executables searched on PATH, first found wins. Empty for JavaScript and TypeScript,
   * which run on the ctxmode binary itself (see runtimes.ts).
   */
  candidates: readonly string[];
  /** Arguments placed before the script path (e.g. `go run`). */
  runArgs: readonly string[];
  /** A quick run that proves the runtime works (its version command; `sh` has none, so `-c exit`). */
  probeArgs: readonly string[];
  /** Sentence ending the RUNTIME_MISSING message: what to install. */
  installHint: string;
}

/** The language table. Shell runs zsh with `-f` so the user's rc files cannot change the run. */
export const LANGUAGES: Readonly<Record<LanguageId, LanguageSpec>> = {
  javascript: spec("javascript", "script.js", [], [], [], "install Node.js 22.13+ or use the ctxmode binary"),
  typescript: spec("typescript", "script.ts", [], [], [], "install Node.js 22.13+ or use the ctxmode binary"),
  python: spec("python", "script.py", ["python3", "python"], [], ["--version"], "install python3"),
  shell: spec("shell", "script.sh", ["bash", "zsh", "sh"], [], ["-c", "exit 0"], "install bash"),
  ruby: spec("ruby", "script.rb", ["ruby"], [], ["--version"], "install ruby"),
  go: spec("go", "script.go", ["go"], ["run"], ["version"], "install go (https://go.dev/dl)"),
  rust: spec("rust", "script.rs", ["rustc"], [], ["--version"], "install rustc (https://rustup.rs)"),
  php: spec("php", "script.php", ["php"], [], ["--version"], "install php (the CLI package)"),
  perl: spec("perl", "script.pl", ["perl"], [], ["--version"], "install perl"),
  r: spec("r", "script.R", ["Rscript"], [], ["--version"], "install R so that Rscript is available"),
  elixir: spec("elixir", "script.exs", ["elixir"], [], ["--version"], "install elixir"),
  csharp: spec("csharp", "script.csx", ["dotnet-script"], [], ["--version"], "install dotnet-script (dotnet tool install -g dotnet-script)"),
};

function spec(id: LanguageId, scriptName: string, candidates: string[], runArgs: string[], probeArgs: string[], installHint: string): LanguageSpec {
  return { id, scriptName, candidates, runArgs, probeArgs, installHint };
}

/** Other names a caller may use; keys are lower-case because lookup lower-cases the input. */
const ALIASES: Readonly<Record<string, LanguageId>> = {
  js: "javascript",
  node: "javascript",
  nodejs: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  py: "python",
  python3: "python",
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  rb: "ruby",
  golang: "go",
  rs: "rust",
  pl: "perl",
  rscript: "r",
  ex: "elixir",
  exs: "elixir",
  cs: "csharp",
  "c#": "csharp",
  csx: "csharp",
};

/**
 * Maps a language id or alias (`py`, `bash`, `R`, `c#` …) to its LanguageId, ignoring case
 * and surrounding blanks. Throws CtxError BAD_INPUT naming the valid ids.
 */
export function resolveLanguage(input: string): LanguageId {
  const key = String(input ?? "")
    .trim()
    .toLowerCase();
  if ((LANGUAGE_IDS as readonly string[]).includes(key)) return key as LanguageId;
  const alias = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  if (alias) return alias;
  throw new CtxError("BAD_INPUT", `unknown language "${String(input)}"; use one of: ${LANGUAGE_IDS.join(", ")}`);
}
