"use strict";
// Finds the ctxmode binary for this machine among the installed optional dependencies and checks
// its sha256 against the one this package was published with. Plain CommonJS that any Node
// parses, so an old Node still gets the Node build's one-line refusal instead of a syntax error.
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");

const pkg = require("../package.json");
const binaryHashes = (pkg.ctxmode && pkg.ctxmode.binaryHashes) || {};

function isMusl() {
  if (process.platform !== "linux") return false;
  try {
    // glibc reports its version in the process report header; musl leaves the field out.
    const report = process.report && process.report.getReport();
    const header = report && (typeof report === "string" ? JSON.parse(report).header : report.header);
    if (header) return !header.glibcVersionRuntime;
  } catch (_) {
    // fall through to the file probe
  }
  return fs.existsSync("/etc/alpine-release");
}

/** The platform package name for this machine, or undefined when none is published for it. */
function platformPackage() {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const name = "ctxmode-" + os + "-" + process.arch + (isMusl() ? "-musl" : "");
  return Object.prototype.hasOwnProperty.call(binaryHashes, name) ? name : undefined;
}

function exeName() {
  return process.platform === "win32" ? "ctxmode.exe" : "ctxmode";
}

/** Path of the platform package's binary, or undefined when the package is not installed. */
function installedBinary(name) {
  let manifest;
  try {
    manifest = require.resolve(name + "/package.json");
  } catch (_) {
    return undefined;
  }
  const file = path.join(path.dirname(manifest), "bin", exeName());
  return fs.existsSync(file) ? file : undefined;
}

function sha256File(file) {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * Throws unless `file` has the sha256 recorded for `name`. A stamp beside the wrapper remembers a
 * verified (inode, size, mtime), so the 100 MB hash is paid once, not on every start.
 */
function verifyBinary(name, file) {
  const expected = binaryHashes[name];
  const st = fs.statSync(file);
  const key = [expected, st.ino, st.size, st.mtimeMs].join(":");
  const stamp = path.join(__dirname, "..", ".verified-" + name);
  try {
    if (fs.readFileSync(stamp, "utf8") === key) return;
  } catch (_) {
    // no stamp yet
  }
  const actual = sha256File(file);
  if (actual !== expected) {
    const err = new Error(
      file + " has sha256 " + actual + " but ctxmode " + pkg.version + " expects " + expected +
        "; reinstall with `npm i -g ctxmode@" + pkg.version + "` or point CTXMODE_BINARY_PATH at a binary you trust",
    );
    err.code = "CTXMODE_BINARY_MISMATCH";
    throw err;
  }
  try {
    fs.writeFileSync(stamp, key);
  } catch (_) {
    // a read-only install verifies on every start instead
  }
}

/**
 * What the `ctxmode` command should run: `{ binary }` (an override, or the verified platform
 * binary with the Node build as `fallback` should it not start) or `{ node }` (the Node build).
 */
function resolveCommand(env) {
  const override = env.CTXMODE_BINARY_PATH;
  if (override) {
    if (!fs.existsSync(override)) throw new Error("CTXMODE_BINARY_PATH points at " + override + ", which does not exist");
    return { binary: override };
  }
  const nodeBuild = path.join(__dirname, "..", "dist", "node", "ctxmode.mjs");
  const name = platformPackage();
  const file = name && installedBinary(name);
  if (file) {
    verifyBinary(name, file);
    return { binary: file, fallback: nodeBuild };
  }
  return { node: nodeBuild };
}

module.exports = { platformPackage, installedBinary, verifyBinary, resolveCommand, sha256File, exeName };
