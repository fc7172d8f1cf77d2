import { describe, expect, test } from "bun:test";
import { isBlockedEnvName, sanitizeEnv } from "../../src/sandbox/env.ts";

describe("sanitizeEnv", () => {
  const blocked = [
    "NODE_OPTIONS",
    "NODE_PATH",
    "LD_PRELOAD",
    "LD_AUDIT",
    "DYLD_INSERT_LIBRARIES",
    "DYLD_LIBRARY_PATH",
    "BUN_OPTIONS",
    "BUN_INSPECT",
    "BUN_INSPECT_CONNECT_TO",
    "BASH_ENV",
    "ENV",
    "PROMPT_COMMAND",
    "PS4",
    "SHELLOPTS",
    "BASHOPTS",
    "BASH_FUNC_ls%%",
    "PYTHONSTARTUP",
    "PYTHONHOME",
    "PYTHONINSPECT",
    "RUBYOPT",
    "PERL5OPT",
    "PERL5DB",
    "ERL_AFLAGS",
    "ERL_FLAGS",
    "ELIXIR_ERL_OPTIONS",
    "GOFLAGS",
    "RUSTC_WRAPPER",
    "RUSTFLAGS",
    "PHPRC",
    "PHP_INI_SCAN_DIR",
    "R_PROFILE_USER",
    "DOTNET_STARTUP_HOOKS",
    "CORECLR_PROFILER",
    "CORECLR_PROFILER_PATH",
    "COMPlus_EnableDiagnostics",
    "GIT_SSH_COMMAND",
    "GIT_EXEC_PATH",
    "GIT_CONFIG_COUNT",
    "GIT_CONFIG_KEY_0",
    "FORCE_COLOR",
    "BUN_BE_BUN",
  ];
  test.each(blocked)("drops %s", (name) => {
    expect(isBlockedEnvName(name)).toBe(true);
    expect(sanitizeEnv({ [name]: "x", KEEP: "1" })).not.toHaveProperty(name);
  });

  const kept = [
    "PATH",
    "HOME",
    "LANG",
    "GITHUB_TOKEN",
    "AWS_PROFILE",
    "VIRTUAL_ENV",
    "PYTHONPATH",
    "LD_LIBRARY_PATH",
    "SSH_AUTH_SOCK",
    "GOPATH",
    "HTTPS_PROXY",
  ];
  test.each(kept)("keeps %s", (name) => {
    expect(isBlockedEnvName(name)).toBe(false);
    expect(sanitizeEnv({ [name]: "v" })[name]).toBe("v");
  });

  test("forces unbuffered UTF-8 Python and NO_COLOR; extra values win and undefined is dropped", () => {
    const env = sanitizeEnv({ PYTHONUNBUFFERED: "0", NO_COLOR: "", A: undefined }, { TMPDIR: "/tmp/x", FILE_PATH: undefined });
    expect(env.PYTHONUNBUFFERED).toBe("1");
    expect(env.PYTHONDONTWRITEBYTECODE).toBe("1");
    expect(env.PYTHONUTF8).toBe("1");
    expect(env.NO_COLOR).toBe("1");
    expect(env.TMPDIR).toBe("/tmp/x");
    expect("A" in env).toBe(false);
    expect("FILE_PATH" in env).toBe(false);
  });

  test("does not modify its input", () => {
    const input = { NODE_OPTIONS: "--inspect", PATH: "/bin" };
    sanitizeEnv(input, { TMPDIR: "/t" });
    expect(input).toEqual({ NODE_OPTIONS: "--inspect", PATH: "/bin" });
  });
});
