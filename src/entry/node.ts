// Entry of the npm fallback build. Checks the Node version before loading anything that needs node:sqlite.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`ctxmode: Node ${process.versions.node} is too old; the npm build needs Node >= 22.13 (or install the ctxmode binary)\n`);
  process.exit(1);
}
const { runCli } = await import("../cli/main.ts");
process.exitCode = await runCli(process.argv.slice(2));

export {};
