import { spawn } from "node:child_process";

/**
 * Kills a sandbox child and everything it started. On Unix the child leads its own process group
 * (spawned with `detached: true`), so one SIGKILL to `-pid` reaches grandchildren too, even after
 * the leader itself has exited. On Windows `taskkill /F /T` walks the process tree instead.
 * Never throws: a group that is already gone is the goal.
 */
export function killProcessTree(pid: number | undefined, platform: NodeJS.Platform = process.platform): void {
  if (pid === undefined || pid <= 0) return;
  if (platform === "win32") {
    try {
      const killer = spawn("taskkill", ["/F", "/T", "/PID", String(pid)], { stdio: "ignore", windowsHide: true });
      killer.on("error", () => {});
      killer.unref();
    } catch {
      // taskkill missing: nothing better to try
    }
    return;
  }
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the whole group has already exited
  }
}
