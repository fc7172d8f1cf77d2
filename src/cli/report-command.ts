import { spawn } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { loadConfig, type Config } from "../config/config.ts";
import { errorMessage } from "../errors.ts";
import { makeReport } from "../report/report.ts";
import { projectDbPath, resolveProject } from "../store/project.ts";
import { printJson } from "./context.ts";
import { formatBytes } from "../preview/clip.ts";

interface ReportCommandOptions {
  out?: string;
  open?: boolean;
  allProjects?: boolean;
  project?: string;
  session?: string;
  json?: boolean;
  /** `--no-discover`: leave the hosts' transcripts unread (the "context actually used" section says so). */
  discover?: boolean;
}

/**
 * `ctxmode report [--out FILE] [--open] [--all-projects]`: one self-contained HTML page (no
 * network, no script) of what ctxmode kept out, per day, tool and session, the indexed sources,
 * the routing decisions, call latencies and the current session's journal. The databases are
 * opened read-only, so a running server never waits on it.
 */
export async function reportCommand(opts: ReportCommandOptions): Promise<number> {
  const config = loadConfig();
  const started = performance.now();
  const projectDir = opts.project ?? process.cwd();
  const discovered = opts.discover === false ? undefined : await readTranscripts(config, opts.allProjects ? undefined : resolveProject(projectDir).root);
  const { report, html } = makeReport(config, {
    discover: discovered,
    projectDir: opts.project ?? process.cwd(),
    allProjects: opts.allProjects === true,
    session: opts.session ?? config.session,
    warn: (line) => process.stderr.write(`ctxmode: ${line}\n`),
  });
  const out = resolve(opts.out ?? defaultOut(config, opts));
  writeAtomically(out, html);
  const ms = Math.round(performance.now() - started);
  const size = Buffer.byteLength(html);
  let openError: string | undefined;
  if (opts.open) openError = await openInBrowser(out);
  if (opts.json) {
    const contextUsed = report.contextUsed?.totals;
    printJson({ path: out, bytes: size, ms, opened: opts.open ? openError === undefined : undefined, totals: report.totals, contextUsed });
  } else {
    process.stdout.write(`wrote ${out} (${formatBytes(size)}, ${ms} ms)\n`);
  }
  if (openError !== undefined) process.stderr.write(`ctxmode: could not open a browser (${openError}); open the file yourself\n`);
  return 0;
}

/** `ctxmode discover`'s reading of the hosts' transcripts, for this project's sessions (or every session). */
async function readTranscripts(config: Config, project: string | undefined) {
  const { discover } = await import("../discover/discover.ts");
  const { hostPaths } = await import("../config/host-paths.ts");
  const { ctxToolListBytes } = await import("./discover-command.ts");
  return discover(config, hostPaths(config.env, config.home, config.dataDir), { project, toolListBytes: await ctxToolListBytes(config) });
}

/** Beside the data it shows: the project's data folder, or the data dir for every project. */
function defaultOut(config: Config, opts: ReportCommandOptions): string {
  if (opts.allProjects) return join(config.dataDir, "report.html");
  return join(dirname(projectDbPath(config.projectsDir, resolveProject(opts.project ?? process.cwd()))), "report.html");
}

/** A reader (a browser reloading the file) never sees half a page. */
function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/**
 * Starts the system's opener detached; resolves to undefined once it started, else the reason it
 * did not. On Windows `start` takes its first quoted argument as a window title, hence the "".
 */
function openInBrowser(path: string): Promise<string | undefined> {
  const [cmd, ...args] = process.platform === "darwin" ? ["open", path] : process.platform === "win32" ? ["cmd", "/c", "start", "", path] : ["xdg-open", path];
  return new Promise((done) => {
    try {
      const child = spawn(cmd!, args, { detached: true, stdio: "ignore" });
      child.once("error", (err) => done(errorMessage(err)));
      child.once("spawn", () => {
        child.unref();
        done(undefined);
      });
    } catch (err) {
      done(errorMessage(err));
    }
  });
}
