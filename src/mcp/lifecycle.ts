/** How often the parent is checked; the reference polled every 30 s, which left orphans spinning that long. */
const PARENT_POLL_MS = 2_000;

/**
 * Calls `onExit` once when the server should stop: stdin ends or closes (the host went away),
 * the parent process dies (ppid changes or becomes 1, checked every 2 s; a dead parent does not
 * always close our stdin), or SIGTERM/SIGINT/SIGHUP arrives. Returns a function that stops watching.
 */
export function watchLifecycle(onExit: (reason: string) => void): () => void {
  let fired = false;
  const fire = (reason: string) => {
    if (fired) return;
    fired = true;
    stop();
    onExit(reason);
  };
  const parent = process.ppid;
  const onEnd = () => fire("stdin closed");
  const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
  const onSignal = (signal: NodeJS.Signals) => fire(signal);
  const timer = setInterval(() => {
    const now = process.ppid;
    if (now !== parent || now === 1) fire("parent exited");
  }, PARENT_POLL_MS);
  timer.unref();
  process.stdin.on("end", onEnd);
  process.stdin.on("close", onEnd);
  for (const s of signals) process.on(s, onSignal);
  const stop = () => {
    clearInterval(timer);
    process.stdin.off("end", onEnd);
    process.stdin.off("close", onEnd);
    for (const s of signals) process.off(s, onSignal);
  };
  return stop;
}
