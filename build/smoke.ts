/**
 * Checks on built binaries: every one must be an executable of its target's format and CPU
 * (and musl builds must ask for the musl loader); the ones this machine can start, natively or
 * under qemu-user, must print their version and pass doctor's SQLite/FTS5 checks.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { hostTarget, type Target } from "./targets.ts";

export interface BinaryInfo {
  format: "elf" | "macho" | "pe";
  arch: "x64" | "arm64";
  /** ELF program interpreter, e.g. /lib/ld-musl-x86_64.so.1. */
  interpreter?: string;
}

/** Reads the executable header (the first 64 KiB is plenty for ELF, Mach-O and PE). */
export function inspectBinary(file: string): BinaryInfo {
  const fd = openSync(file, "r");
  const head = new Uint8Array(65_536);
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const dv = new DataView(head.buffer, 0, n);
  if (dv.getUint32(0, false) === 0x7f454c46) {
    const machine = dv.getUint16(18, true);
    const phoff = Number(dv.getBigUint64(32, true));
    const phentsize = dv.getUint16(54, true);
    const phnum = dv.getUint16(56, true);
    let interpreter: string | undefined;
    for (let i = 0; i < phnum; i++) {
      const ph = phoff + i * phentsize;
      if (dv.getUint32(ph, true) !== 3) continue; // PT_INTERP
      const off = Number(dv.getBigUint64(ph + 8, true));
      const size = Number(dv.getBigUint64(ph + 32, true));
      interpreter = new TextDecoder().decode(head.subarray(off, off + size)).replace(/\0+$/, "");
    }
    return { format: "elf", arch: machine === 183 ? "arm64" : machine === 62 ? "x64" : unknownArch(machine), interpreter };
  }
  if (dv.getUint32(0, true) === 0xfeedfacf) {
    const cpu = dv.getUint32(4, true);
    return { format: "macho", arch: cpu === 0x0100000c ? "arm64" : cpu === 0x01000007 ? "x64" : unknownArch(cpu) };
  }
  if (head[0] === 0x4d && head[1] === 0x5a) {
    const pe = dv.getUint32(0x3c, true);
    if (dv.getUint32(pe, true) !== 0x00004550) throw new Error(`${file}: MZ header without a PE signature`);
    const machine = dv.getUint16(pe + 4, true);
    return { format: "pe", arch: machine === 0xaa64 ? "arm64" : machine === 0x8664 ? "x64" : unknownArch(machine) };
  }
  throw new Error(`${file}: not an ELF, Mach-O or PE executable`);
}

function unknownArch(code: number): never {
  throw new Error(`unexpected machine type 0x${code.toString(16)}`);
}

/** Throws when the binary's format, CPU or loader does not fit the target. */
export function checkBinaryFits(file: string, t: Target): BinaryInfo {
  const info = inspectBinary(file);
  const format = { linux: "elf", darwin: "macho", windows: "pe" }[t.os];
  if (info.format !== format || info.arch !== t.arch) throw new Error(`${file} is ${info.format}/${info.arch}, expected ${format}/${t.arch} for ${t.name}`);
  if (t.os === "linux") {
    const musl = info.interpreter?.includes("ld-musl") ?? false;
    if (musl !== (t.libc === "musl")) throw new Error(`${file} asks for ${info.interpreter}, which does not fit ${t.name}`);
  }
  return info;
}

/**
 * How this machine can start a binary of `t`: [] natively, the qemu-user command for a Linux
 * target of another CPU when qemu and that target's loader are installed, undefined otherwise.
 */
export function launcherFor(t: Target, host: Target | undefined, info: BinaryInfo): string[] | undefined {
  if (host && t.name === host.name) return [];
  if (t.os !== "linux" || host?.os !== "linux" || !info.interpreter || !existsSync(info.interpreter)) return undefined;
  if (t.libc === "musl" && !muslHasLibstdcxx(info.interpreter)) return undefined;
  if (t.arch === host.arch) return [];
  const qemu = t.arch === "arm64" ? "qemu-aarch64-static" : "qemu-x86_64-static";
  const path = Bun.which(qemu);
  return path ? [path] : undefined;
}

/**
 * Bun's musl builds link libstdc++ dynamically; a glibc machine with Debian's `musl` package has
 * the loader but no musl libstdc++, so such a binary cannot start there.
 */
function muslHasLibstdcxx(interpreter: string): boolean {
  const pathFile = `/etc/${basename(interpreter).replace(/\.so\.1$/, ".path")}`;
  const dirs = existsSync(pathFile)
    ? readFileSync(pathFile, "utf8")
        .split(/[\s:]+/)
        .filter(Boolean)
    : ["/lib", "/usr/local/lib", "/usr/lib"];
  return dirs.some((d) => existsSync(join(d, "libstdc++.so.6")));
}

export interface SmokeResult {
  target: string;
  how: "native" | "qemu" | "musl loader";
  version: string;
  sqlite: string;
}

/** `--version` and `doctor --json` must both succeed, and doctor's SQLite/FTS5 checks must pass. */
export function smokeRun(file: string, t: Target, launcher: string[], expectedVersion: string): SmokeResult {
  const dataDir = mkdtempSync(join(tmpdir(), "ctxmode-smoke-"));
  const run = (args: string[]) => {
    const r = Bun.spawnSync([...launcher, file, ...args], { stdout: "pipe", stderr: "pipe", env: { ...process.env, CTXMODE_DATA_DIR: dataDir } });
    if (r.exitCode !== 0) throw new Error(`${t.name}: \`ctxmode ${args.join(" ")}\` exited ${r.exitCode}: ${r.stderr.toString().trim()}`);
    return r.stdout.toString();
  };
  const version = run(["--version"]).trim();
  if (version !== `ctxmode ${expectedVersion}`) throw new Error(`${t.name}: --version printed "${version}"`);
  const doctor = JSON.parse(run(["doctor", "--json"])) as { checks: { name: string; status: string; detail: string }[] };
  for (const name of ["sqlite", "fts5", "fts5-trigram"]) {
    const c = doctor.checks.find((x) => x.name === name);
    if (c?.status !== "PASS") throw new Error(`${t.name}: doctor check ${name} is ${c?.status ?? "missing"}: ${c?.detail ?? ""}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  const how = launcher.length ? "qemu" : t.name === hostTarget()?.name ? "native" : "musl loader";
  return { target: t.name, how, version, sqlite: doctor.checks.find((x) => x.name === "sqlite")!.detail };
}
