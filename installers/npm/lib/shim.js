"use strict";
// The `ctxmode` command of the npm package. Runs the platform binary (exit code and signals passed
// through), or the Node build when no binary fits this machine. On Unix the postinstall step
// replaces bin/ctxmode with a hard link to the binary, so this file only runs when that was not
// possible (Windows, --ignore-scripts, a package manager that skips install scripts).
const { spawn } = require("child_process");
const { pathToFileURL } = require("url");
const { resolveCommand } = require("./platform.js");

let command;
try {
  command = resolveCommand(process.env);
} catch (err) {
  process.stderr.write("ctxmode: " + err.message + "\n");
  process.exit(1);
}

function runNodeBuild(file) {
  // Same process: the Node build reads process.argv.slice(2), which are the user's arguments here too.
  import(pathToFileURL(file).href).catch((err) => {
    process.stderr.write("ctxmode: cannot load the Node build: " + err.message + "\n");
    process.exit(1);
  });
}

if (command.node) {
  runNodeBuild(command.node);
} else {
  const child = spawn(command.binary, process.argv.slice(2), { stdio: "inherit", windowsHide: false });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  for (const signal of signals) process.on(signal, forward);
  child.on("error", (err) => {
    // The platform binary cannot start here (no execute bit, a missing loader): the Node build
    // still can, unless the user asked for this binary by name.
    if (command.fallback && ["EACCES", "ENOENT", "ENOEXEC"].includes(err.code)) {
      for (const s of signals) process.removeListener(s, forward);
      runNodeBuild(command.fallback);
      return;
    }
    process.stderr.write("ctxmode: cannot run " + command.binary + ": " + err.message + "\n");
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal) {
      // Die of the same signal, so whoever started us sees what happened to the real process.
      for (const s of signals) process.removeListener(s, forward);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code === null ? 1 : code);
  });
}
