import { join } from "node:path";

/** Where each host keeps its config, after the host's own environment overrides. */
export interface HostPaths {
  home: string;
  /** CLAUDE_CONFIG_DIR, else ~/.claude. */
  claudeDir: string;
  /** `~/.claude.json`, or `$CLAUDE_CONFIG_DIR/.claude.json` when the variable is set. */
  claudeJson: string;
  /** CODEX_HOME, else ~/.codex. */
  codexHome: string;
  /** GEMINI_CLI_HOME replaces the home directory Gemini CLI puts `.gemini/` in. */
  geminiDir: string;
  qwenDir: string;
  /** COPILOT_HOME, else ~/.copilot. */
  copilotDir: string;
  cursorDir: string;
  kiroDir: string;
  /** $XDG_CONFIG_HOME/opencode, else ~/.config/opencode. */
  opencodeDir: string;
  /** $XDG_DATA_HOME/opencode, else ~/.local/share/opencode: OpenCode's sessions (opencode.db). */
  opencodeDataDir: string;
  /** ZCode's data root: CTXMODE_ZCODE_DIR, else ~/.zcode (its `cli/config.json` lists plugin folders). */
  zcodeDir: string;
  /** The ctxmode plugin folder for ZCode: CTXMODE_ZCODE_PLUGIN_DIR, else `<zcodeDir>/plugins/ctxmode`. */
  zcodePluginDir: string;
  /** PI_CODING_AGENT_DIR, else ~/.pi/agent. */
  piDir: string;
  /** VS Code's user profile folder (where its user `mcp.json` lives), per OS. */
  vscodeUserDir: string;
  /** ctxmode's data dir: backups, the setup manifest and the `registered/<host>` markers live here. */
  dataDir: string;
}

/** Resolves every host path from the environment, read here once for setup, doctor and the memory search. */
export function hostPaths(env: Record<string, string | undefined>, home: string, dataDir: string): HostPaths {
  const claudeDir = env.CLAUDE_CONFIG_DIR || join(home, ".claude");
  const zcodeDir = env.CTXMODE_ZCODE_DIR || join(home, ".zcode");
  return {
    home,
    claudeDir,
    claudeJson: env.CLAUDE_CONFIG_DIR ? join(env.CLAUDE_CONFIG_DIR, ".claude.json") : join(home, ".claude.json"),
    codexHome: env.CODEX_HOME || join(home, ".codex"),
    geminiDir: join(env.GEMINI_CLI_HOME || home, ".gemini"),
    qwenDir: join(home, ".qwen"),
    copilotDir: env.COPILOT_HOME || join(home, ".copilot"),
    cursorDir: join(home, ".cursor"),
    kiroDir: join(home, ".kiro"),
    opencodeDir: join(env.XDG_CONFIG_HOME || join(home, ".config"), "opencode"),
    opencodeDataDir: join(env.XDG_DATA_HOME || join(home, ".local", "share"), "opencode"),
    zcodeDir,
    zcodePluginDir: env.CTXMODE_ZCODE_PLUGIN_DIR || join(zcodeDir, "plugins", "ctxmode"),
    piDir: env.PI_CODING_AGENT_DIR || join(home, ".pi", "agent"),
    vscodeUserDir: vscodeUserDir(env, home),
    dataDir,
  };
}

function vscodeUserDir(env: Record<string, string | undefined>, home: string): string {
  if (process.platform === "darwin") return join(home, "Library", "Application Support", "Code", "User");
  if (process.platform === "win32") return join(env.APPDATA || join(home, "AppData", "Roaming"), "Code", "User");
  return join(env.XDG_CONFIG_HOME || join(home, ".config"), "Code", "User");
}
