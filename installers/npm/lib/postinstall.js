"use strict";
// npm postinstall of the `ctxmode` package. On Unix, when the platform package is installed and
// its binary has the expected sha256, bin/ctxmode (the Node shim) is replaced by a hard link to
// the binary: agent hooks then start the binary directly instead of paying Node's start-up first.
// Any other case keeps the shim, which picks the binary or the Node build at run time.
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const { platformPackage, installedBinary, verifyBinary } = require("./platform.js");

const shimPath = path.join(__dirname, "..", "bin", "ctxmode");
const SHIM = '#!/usr/bin/env node\n"use strict";\nrequire("../lib/shim.js");\n';

function main() {
  const name = platformPackage();
  const file = name && installedBinary(name);
  if (!file) {
    console.log(
      "ctxmode: no prebuilt binary for " + process.platform + "-" + process.arch + " is installed; the Node build will be used (needs Node >= 22.13)",
    );
    return;
  }
  // A mismatch fails the install: better no ctxmode than a binary nobody vouched for.
  verifyBinary(name, file);
  if (process.platform === "win32") return;
  try {
    fs.chmodSync(file, 0o755);
  } catch (_) {
    // the package may be read-only; linking still works when the bits are already right
  }
  const staged = shimPath + ".tmp-" + process.pid;
  try {
    fs.rmSync(staged, { force: true });
    fs.linkSync(file, staged);
    fs.renameSync(staged, shimPath);
  } catch (err) {
    fs.rmSync(staged, { force: true });
    console.log("ctxmode: kept the Node shim (" + err.message + ")");
    return;
  }
  try {
    execFileSync(shimPath, ["--version"], { stdio: "ignore", timeout: 15000 });
  } catch (err) {
    // The binary does not run here (e.g. a libc mismatch): put the shim back, which falls back to Node.
    fs.writeFileSync(shimPath + ".tmp", SHIM, { mode: 0o755 });
    fs.renameSync(shimPath + ".tmp", shimPath);
    console.log("ctxmode: the " + name + " binary did not run here (" + err.message + "); kept the Node shim");
  }
}

try {
  main();
} catch (err) {
  console.error("ctxmode: " + err.message);
  process.exit(1);
}
