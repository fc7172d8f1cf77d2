/** Where releases come from (same default as install.sh and install.ps1; build/targets.ts RELEASE_REPO). */
export const DEFAULT_RELEASE_URL = "https://github.com/ctxmode/ctxmode/releases/latest/download";

export type Channel = "standalone" | "homebrew" | "npm" | "winget";

/** How this binary was installed, read from its own path. */
export function detectChannel(path: string): Channel {
  const p = path.replace(/\\/g, "/");
  if (/\/Cellar\/|\/homebrew\/|\/linuxbrew\//i.test(p)) return "homebrew";
  if (p.includes("/node_modules/")) return "npm";
  if (/\/WinGet\//i.test(p)) return "winget";
  return "standalone";
}
