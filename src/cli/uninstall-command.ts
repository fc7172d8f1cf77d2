import { existsSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { HOSTS } from "../agents/hosts.ts";
import { loadConfig } from "../config/config.ts";
import { CtxError } from "../errors.ts";
import { detectChannel } from "../config/release.ts";
import { setupCommand } from "./setup-command.ts";

/** The comment install.sh writes above its PATH line (installers/install.sh MARK). */
const MARK = "# added by the ctxmode installer";

/**
 * `ctxmode uninstall [--yes] [--delete-data]`: `setup --remove` for every host, then the binary
 * and install.sh's PATH line (standalone installs; a package manager is told to remove its own).
 * The data dir goes only with --delete-data, or a "y" on a terminal.
 */
export async function uninstallCommand(opts: { yes?: boolean; deleteData?: boolean }): Promise<number> {
  const config = loadConfig();
  const self = process.execPath;
  if (!basename(self).startsWith("ctxmode")) throw new CtxError("BAD_INPUT", "uninstall runs from the installed ctxmode binary");
  if (!opts.yes) {
    if (!process.stdin.isTTY) throw new CtxError("BAD_INPUT", "uninstall removes ctxmode from every agent and deletes this binary; run again with --yes");
    if (!/^y(es)?$/i.test((prompt("Remove ctxmode from every agent and delete this binary? [y/N]") ?? "").trim())) return 1;
  }
  const say = (line: string) => process.stdout.write(line + "\n");
  const removed = await setupCommand({ remove: true, yes: true, agents: HOSTS.map((h) => h.id).join(","), binary: self });

  const channel = detectChannel(realpathSync(self));
  if (channel === "standalone") {
    if (process.platform === "win32") renameSync(self, `${self}.old`);
    else rmSync(self, { force: true });
    say(`removed ${self}`);
    try {
      if (readdirSync(dirname(self)).length === 0) rmdirSync(dirname(self));
    } catch {
      // Not empty: other files live beside it.
    }
    for (const rc of rcFiles(config.home, config.env)) stripPathLine(rc, dirname(self), say);
  } else {
    const how = { homebrew: "brew uninstall ctxmode", npm: "npm rm -g ctxmode", winget: "winget uninstall ctxmode.ctxmode" }[channel];
    say(`the binary belongs to ${channel}; remove it with: ${how}`);
  }

  const wantsData =
    opts.deleteData ||
    (process.stdin.isTTY && !opts.yes && /^y(es)?$/i.test((prompt(`Also delete ${config.dataDir} (indexes, session journals)? [y/N]`) ?? "").trim()));
  if (wantsData) {
    rmSync(config.dataDir, { recursive: true, force: true });
    say(`removed ${config.dataDir}`);
  } else if (existsSync(config.dataDir)) say(`kept your data in ${config.dataDir} (delete that folder to remove it too)`);
  return removed;
}

/** The rc files install.sh may have written its PATH line to. */
function rcFiles(home: string, env: Record<string, string | undefined>): string[] {
  const zdot = env.ZDOTDIR || home;
  return [
    join(home, ".bashrc"),
    join(home, ".bash_profile"),
    join(home, ".profile"),
    join(zdot, ".zshrc"),
    join(env.XDG_CONFIG_HOME || join(home, ".config"), "fish", "config.fish"),
  ];
}

/** Drops exactly install.sh's two lines, so the file is byte for byte what it was before the install. */
function stripPathLine(rc: string, dir: string, say: (line: string) => void): void {
  if (!existsSync(rc)) return;
  const line = rc.endsWith("config.fish") ? `fish_add_path "${dir}"` : `export PATH="${dir}:$PATH"`;
  const text = readFileSync(rc, "utf8");
  const lines = text.split("\n");
  const kept = lines.filter((l) => l !== line && l !== MARK);
  if (kept.length === lines.length) return;
  writeFileSync(rc, kept.join("\n"));
  say(`removed the PATH line from ${rc}`);
}
