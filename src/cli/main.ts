import { VERSION } from "../config/constants.ts";
import { CtxError, errorMessage } from "../errors.ts";

/**
 * The command table. Each command's module is imported only when that command runs, so
 * `--version` and `hook` never load the store, the MCP SDK or the sandbox.
 */
export async function runCli(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    process.stdout.write(`ctxmode ${VERSION}\n`);
    return 0;
  }
  // Hooks run on every tool call: dispatched before the command table is even built.
  if (argv[0] === "hook") return (await import("./hook-command.ts")).hookCommand(argv.slice(1));
  // An agent host starts `ctxmode` with pipes: that is a request for the MCP server.
  if (argv.length === 0 && !process.stdin.isTTY) argv = ["serve"];
  // `ctxmode search … | head`: a reader that leaves early ends the command quietly, as for any Unix tool.
  if (argv[0] !== "serve") {
    process.stdout.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(0);
      throw err;
    });
  }
  const { cac } = await import("cac");
  // The host list for --agents comes from the registry (src/hosts/), loaded past the hook fast path.
  const { HOST_IDS } = await import("../hosts/index.ts");
  const cli = cac("ctxmode");
  cli
    .command("index <...paths>", "Index files or directories (a directory is walked respecting .gitignore)")
    .option("--source <label>", "Label for a single file, or prefix for a directory's files")
    .option("--project <dir>", "Project directory (default: the current directory's git top-level)")
    .option("--json", "Print a JSON report")
    .option("--force", "URLs: fetch again even when the index holds a fresh copy")
    .option("--ttl <seconds>", "URLs: how long a fetched copy stays fresh (default 24 h)")
    .action(async (paths: string[], opts) => (await import("./index-command.ts")).indexCommand(paths, opts));
  cli
    .command("search [...queries]", "Search the project's index; each argument is one query (after `--`, options too: `search -- --force`)")
    .option("--limit <n>", "Hits per query", { default: 5 })
    .option("--source <label>", "Only this source (exact label, else a substring of it)")
    .option("--project <dir>", "Project directory")
    .option("--no-memory", "Leave out the agent memory files (AGENTS.md, CLAUDE.md …)")
    .option("--json", "Print JSON")
    // Words after `--` are queries too, so an option can be searched for as typed.
    .action(async (queries: string[], opts) => (await import("./search-command.ts")).searchCommand([...queries, ...(opts["--"] ?? [])], opts));
  cli
    .command("purge", "Delete indexed content: one source, or everything in the project")
    .option("--source <label>", "Delete this source")
    .option("--all", "Delete everything indexed for the project")
    .option("--project <dir>", "Project directory")
    .option("--yes", "Do not ask for confirmation")
    .option("--json", "Print JSON")
    .action(async (opts) => (await import("./purge-command.ts")).purgeCommand(opts));
  cli
    .command("hook <host> <event>", "Answer an agent host's hook: payload on stdin, the host's reply on stdout (always exits 0)")
    .action(async (host: string, event: string) => (await import("./hook-command.ts")).hookCommand([host, event]));
  cli
    .command("serve", "Run the MCP server on stdio (also the default with no arguments when stdin is not a terminal)")
    .action(async () => (await import("../mcp/server.ts")).runServer((await import("../config/config.ts")).loadConfig()));
  cli
    .command("doctor", "Check this installation: SQLite, FTS5 and its trigram tokenizer, and each registered agent host")
    .option("--agents <list>", "Check these hosts (comma-separated) instead of the ones setup registered")
    .option("--json", "Print JSON")
    .action(async (opts) => (await import("./doctor-command.ts")).doctorCommand(opts));
  cli
    .command("stats", "Bytes ctxmode's tools returned to the context and kept out: one session, this project, all projects")
    .option("--session <id>", "Also show this session (default: CTXMODE_SESSION)")
    .option("--project <dir>", "Project directory")
    .option("--json", "Print JSON")
    .action(async (opts) => (await import("./stats-command.ts")).statsCommand(opts));
  cli
    .command(
      "discover",
      "What really reached the model: tool-result bytes per host, project and session from the hosts' own transcripts, what ctxmode kept out, net of its standing cost, and the calls it missed",
    )
    .option("--host <list>", "Only these hosts (comma-separated): claude-code, codex, gemini-cli, qwen-code, copilot-cli, opencode, pi")
    .option("--project <dir>", "Only sessions whose working directory is this directory or under it")
    .option("--since <span>", "Only transcripts written in this span back from now (7d, 12h, 30m, 2w)")
    .option("--session <id>", "Only this session")
    .option("--limit <n>", "Sessions shown in the text report (default 20; --json has all)")
    .option("--json", "Print JSON")
    .action(async (opts) => (await import("./discover-command.ts")).discoverCommand(opts));
  cli
    .command("report", "Write one self-contained HTML page of what ctxmode kept out, indexed and routed")
    .option("--out <file>", "Where to write it (default: report.html in the project's data folder)")
    .option("--open", "Open it in the default browser")
    .option("--all-projects", "Every project's database instead of this project's")
    .option("--session <id>", "Show this session's journal (default: CTXMODE_SESSION, else the latest)")
    .option("--project <dir>", "Project directory")
    .option("--no-discover", 'Leave the hosts\' session transcripts unread (no "context actually used" section)')
    .option("--json", "Print the path, size and totals as JSON")
    .action(async (opts) => (await import("./report-command.ts")).reportCommand(opts));
  cli
    .command("upgrade", "Upgrade this binary (standalone: verified download; Homebrew, npm, winget: their upgrade), then repair the hosts")
    .option("--check", "Only report whether a newer release exists")
    .option("--json", "Print JSON")
    .action(async (opts) => (await import("./upgrade-command.ts")).upgradeCommand(opts));
  cli
    .command("uninstall", "Remove ctxmode from every agent host, then this binary and its PATH line; data only when asked")
    .option("--yes", "Do not ask")
    .option("--delete-data", "Also delete the data dir (indexes, session journals)")
    .action(async (opts) => (await import("./uninstall-command.ts")).uninstallCommand(opts));
  cli
    .command("setup", "Register ctxmode's MCP server and hooks with the agent hosts on this machine")
    .option("--agents <list>", `Only these hosts (comma-separated): ${HOST_IDS.join(", ")}`)
    .option("--dry-run", "Print the plan and change nothing")
    .option("--yes", "Apply without asking")
    .option("--remove", "Take ctxmode back out of the hosts' config files")
    .option("--project [dir]", "Write the project's config files instead of the user's")
    .option("--instructions", "Also write ctxmode's section into the host's instruction file (CLAUDE.md, AGENTS.md …)")
    .option("--no-skills", "Do not install ctxmode's skills into the hosts' skills dirs")
    .option("--binary <path>", "The ctxmode binary the hosts run (default: this one)")
    .option("--plugin-dir <dir>", "ZCode: write a marketplace folder (marketplace.json + plugins/ctxmode) here instead of setting up")
    .option("--json", "Print JSON")
    .action(async (opts) => (await import("./setup-command.ts")).setupCommand(opts));
  cli.help();
  cli.version(VERSION);

  try {
    cli.parse(["", "ctxmode", ...argv], { run: false });
    if (cli.options.help || cli.options.version) return 0;
    if (!cli.matchedCommand) {
      if (cli.args.length) throw new CtxError("BAD_INPUT", `unknown command \`${cli.args[0]}\`; run \`ctxmode --help\` for the list`);
      cli.outputHelp();
      return 0;
    }
    const code = await cli.runMatchedCommand();
    return typeof code === "number" ? code : 0;
  } catch (err) {
    // `ctxmode search --force` meant the option as a query, most likely.
    const optionQuery = cli.matchedCommand?.name === "search" && /unknown option/i.test(errorMessage(err));
    const hint = optionQuery ? "; to search for an option, put it after `--` (ctxmode search -- --force)" : "";
    process.stderr.write(`ctxmode: ${oneLine(err)}${hint}\n`);
    return err instanceof CtxError && err.code === "DB_ERROR" ? 3 : 2;
  }
}

function oneLine(err: unknown): string {
  const msg = errorMessage(err).replace(/\s+/g, " ").trim();
  // cac's own wording: "missing required args for command `search <...queries>`".
  if (/missing required args/.test(msg)) return `${msg}; see \`ctxmode --help\``;
  if (/^Unknown option/.test(msg)) return `${msg.replace(/^Unknown/, "unknown")}; see \`ctxmode --help\``;
  return msg;
}
