/**
 * The sandbox child inherits the user's environment (so credentials, proxies, toolchains and
 * virtualenvs keep working) minus variables that inject code into an interpreter or a tool it
 * starts: preloads, startup files, compiler wrappers, debugger hooks.
 */
const BLOCKED = new Set([
  // Node / Bun
  "NODE_OPTIONS",
  "NODE_PATH",
  "NODE_REPL_EXTERNAL_MODULE",
  "BUN_OPTIONS",
  "BUN_BE_BUN",
  // dynamic loader
  "LD_PRELOAD",
  "LD_AUDIT",
  // shells
  "BASH_ENV",
  "ENV",
  "PROMPT_COMMAND",
  "PS4",
  "SHELLOPTS",
  "BASHOPTS",
  "CDPATH",
  "INPUTRC",
  "BASH_XTRACEFD",
  "ZDOTDIR",
  // Python
  "PYTHONSTARTUP",
  "PYTHONHOME",
  "PYTHONINSPECT",
  "PYTHONWARNINGS",
  "PYTHONBREAKPOINT",
  // Ruby / Perl
  "RUBYOPT",
  "RUBYLIB",
  "PERL5OPT",
  "PERL5DB",
  "PERL5LIB",
  "PERLLIB",
  // Erlang / Elixir
  "ERL_AFLAGS",
  "ERL_FLAGS",
  "ERL_ZFLAGS",
  "ELIXIR_ERL_OPTIONS",
  "ERL_LIBS",
  // Go / Rust
  "GOFLAGS",
  "RUSTC",
  "RUSTC_WRAPPER",
  "RUSTC_WORKSPACE_WRAPPER",
  "RUSTFLAGS",
  "CARGO_BUILD_RUSTC",
  "CARGO_BUILD_RUSTC_WRAPPER",
  "CARGO_BUILD_RUSTFLAGS",
  // PHP / R
  "PHPRC",
  "PHP_INI_SCAN_DIR",
  "R_PROFILE",
  "R_PROFILE_USER",
  "R_ENVIRON",
  "R_ENVIRON_USER",
  // .NET / JVM
  "DOTNET_STARTUP_HOOKS",
  "DOTNET_ADDITIONAL_DEPS",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  // git: commands it would run, config it would load
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_EXEC_PATH",
  "GIT_ASKPASS",
  "GIT_TEMPLATE_DIR",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  // OpenSSL engines load shared objects
  "OPENSSL_CONF",
  "OPENSSL_ENGINES",
  // colour forcing would undo NO_COLOR and fill the index with escape codes
  "FORCE_COLOR",
  "CLICOLOR_FORCE",
]);

const BLOCKED_PREFIXES = ["DYLD_", "BUN_INSPECT", "BASH_FUNC_", "CORECLR_PROFILER", "COMPLUS_", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_"];

/** Set on every run: unbuffered UTF-8 Python without .pyc litter, and no colour codes. */
const FORCED: Readonly<Record<string, string>> = {
  PYTHONUNBUFFERED: "1",
  PYTHONDONTWRITEBYTECODE: "1",
  PYTHONUTF8: "1",
  NO_COLOR: "1",
};

/** True when `name` is one of the injection/preload variables the child must not see. */
export function isBlockedEnvName(name: string): boolean {
  // Compared upper-case: Windows names are case-insensitive, and no legitimate Unix variable
  // differs from a blocked one only by case.
  const upper = name.toUpperCase();
  if (BLOCKED.has(upper)) return true;
  return BLOCKED_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/**
 * Child environment: `env` minus blocked variables, plus the forced values, plus `extra`
 * (TMPDIR, FILE_PATH …; `extra` wins). Undefined values are dropped.
 */
export function sanitizeEnv(env: Record<string, string | undefined>, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || isBlockedEnvName(name)) continue;
    out[name] = value;
  }
  Object.assign(out, FORCED);
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined) out[name] = value;
  }
  return out;
}
