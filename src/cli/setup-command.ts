import { join, resolve } from "node:path";
import { which } from "#process";
import { stableBinary } from "../agents/binary.ts";
import { HOSTS, type FileEdit, type HostSpec, type SetupContext } from "../agents/hosts.ts";
import { hostPaths } from "../config/host-paths.ts";
import { pluginInstalled, pluginNote } from "../agents/plugin-route.ts";
import { applySetup, detectHosts, planSetup, removeSetup, type HostResult } from "../agents/setup.ts";
import { probeHook, probeMcp } from "../agents/verify.ts";
import { loadConfig } from "../config/config.ts";
import { CtxError } from "../errors.ts";
import { instructionSection } from "../hooks/instructions.ts";
import { printJson } from "./context.ts";

interface SetupOptions {
  agents?: string;
  dryRun?: boolean;
  yes?: boolean;
  remove?: boolean;
  project?: boolean | string;
  instructions?: boolean;
  /** `--no-skills`: leave the hosts' skills dirs alone. */
  skills?: boolean;
  /** The binary the hosts should run (default: this one, by its stable path on PATH). */
  binary?: string;
  /** `--plugin-dir DIR`: write ZCode's marketplace folder there and change no config. */
  pluginDir?: string;
  json?: boolean;
}

/** `ctxmode setup`: registers ctxmode's MCP server and hooks with every agent host found (or `--agents`). */
export async function setupCommand(opts: SetupOptions): Promise<number> {
  const config = loadConfig();
  if (opts.pluginDir) return writeMarketplace(opts);
  const binary = opts.binary ? resolve(opts.binary) : stableBinary();
  const project = opts.project ? resolve(typeof opts.project === "string" ? opts.project : config.projectDir) : undefined;
  const ctx: SetupContext = {
    paths: hostPaths(config.env, config.home, config.dataDir),
    binary,
    project,
    // --remove always looks for the section, whether or not it was asked for at setup.
    instructions: opts.instructions || opts.remove ? instructionSection({ hooks: true }) : undefined,
    skills: opts.skills === false ? undefined : (await import("../agents/skills.ts")).SKILLS,
  };
  const hosts = selectHosts(opts.agents, ctx);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const say = (line: string) => {
    if (!opts.json) process.stdout.write(line + "\n");
  };
  if (hosts.length === 0) {
    say("No agent hosts found. Name them with --agents " + HOSTS.map((h) => h.id).join(","));
    if (opts.json) printJson({ hosts: [] });
    return 0;
  }

  // One install at a time: a host with ctxmode's plugin installed gets nothing from setup (its hooks would run twice).
  const viaPlugin = hosts.filter((h) => pluginInstalled(h.host, ctx.paths));
  if (opts.remove) {
    const results = removeSetup(hosts, ctx, { dataDir: config.dataDir, stamp, dryRun: opts.dryRun });
    for (const h of viaPlugin) say(`${h.id}: ${pluginNote(h.host, "remove")}`);
    return report(results, opts, say);
  }
  const skipped: HostResult[] = viaPlugin.map((h) => ({ id: h.id, status: "unchanged", detail: pluginNote(h.host, "setup") }));

  const plans = planSetup(
    hosts.filter((h) => !viaPlugin.includes(h)),
    ctx,
  );
  for (const plan of plans) {
    if (plan.error) say(`${plan.host.id}: cannot set up: ${plan.error}`);
    else if (plan.changes.length === 0) say(`${plan.host.id}: already set up`);
    else for (const c of plan.changes) say(`${plan.host.id}: ${c.before === null ? "create" : "update"} ${c.edit.file} (${describe(c.edit)})`);
  }
  if (opts.dryRun) {
    if (opts.json) printJson({ dryRun: true, plan: plans.map((p) => ({ host: p.host.id, error: p.error, files: p.changes.map((c) => c.edit.file) })) });
    return plans.some((p) => p.error) ? 1 : 0;
  }
  if (!opts.yes && plans.some((p) => p.changes.length)) {
    if (!process.stdin.isTTY) throw new CtxError("BAD_INPUT", "setup changes the files above; run again with --yes to apply (or --dry-run to only look)");
    const answer = prompt("Apply these changes? [y/N]") ?? "";
    if (!/^y(es)?$/i.test(answer.trim())) return 1;
  }
  const env = { ...config.env, CTXMODE_DATA_DIR: config.dataDir };
  const mcpError = plans.some((p) => p.changes.length) ? await probeMcp(binary, env, config.home) : undefined;
  const results = applySetup(plans, {
    dataDir: config.dataDir,
    stamp,
    verify: (host: HostSpec) =>
      mcpError ?? (host.probeEvent ? probeHook(binary, host.id, host.probeEvent, env, project ?? config.home, host.plainReply) : undefined),
  });
  for (const plan of plans) if (plan.host.note && !plan.error) say(`note (${plan.host.id}): ${plan.host.note}`);
  return report([...skipped, ...results], opts, say);
}

/**
 * `setup --plugin-dir DIR`: ZCode's marketplace folder, to add in ZCode or publish. A bare
 * `--binary ctxmode` is kept bare (found on PATH where the plugin runs); a path is made absolute.
 */
async function writeMarketplace(opts: SetupOptions): Promise<number> {
  if (opts.agents !== "zcode") throw new CtxError("BAD_INPUT", "--plugin-dir builds ZCode's marketplace folder; pass --agents zcode with it");
  const { marketplaceFiles } = await import("../hosts/zcode.ts");
  const { writeAtomic } = await import("../agents/setup.ts");
  const binary = opts.binary ? (/[\\/]/.test(opts.binary) ? resolve(opts.binary) : opts.binary) : stableBinary();
  const skills = opts.skills === false ? undefined : (await import("../agents/skills.ts")).SKILLS;
  const dir = resolve(opts.pluginDir!);
  const files = Object.entries(marketplaceFiles(binary, skills)).map(([path, content]) => ({ file: join(dir, path), content }));
  if (!opts.dryRun) for (const f of files) writeAtomic(f.file, f.content);
  if (opts.json) printJson({ dryRun: opts.dryRun === true, dir, files: files.map((f) => f.file) });
  else
    process.stdout.write(
      `${files.map((f) => `${opts.dryRun ? "would write" : "wrote"} ${f.file}`).join("\n")}\nadd ${dir} in ZCode: Settings → Plugin management → Discover → +\n`,
    );
  return 0;
}

function report(results: HostResult[], opts: SetupOptions, say: (line: string) => void): number {
  if (opts.json) printJson({ hosts: results });
  else for (const r of results) say(`${r.status.toUpperCase().padEnd(10)} ${r.id.padEnd(12)} ${r.detail}`);
  return results.some((r) => r.status === "failed") ? 1 : 0;
}

function selectHosts(agents: string | undefined, ctx: SetupContext): HostSpec[] {
  if (!agents) return detectHosts(HOSTS, ctx, (cmd) => which(cmd) !== null);
  const ids = String(agents)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !HOSTS.some((h) => h.id === id));
  if (unknown.length) throw new CtxError("BAD_INPUT", `unknown agent ${unknown.join(", ")}; known: ${HOSTS.map((h) => h.id).join(", ")}`);
  return HOSTS.filter((h) => ids.includes(h.id));
}

function describe(edit: FileEdit): string {
  if (edit.kind === "toml") return `[${edit.table}]`;
  if (edit.kind === "section") return "ctxmode section";
  if (edit.kind === "file") return edit.file.endsWith("SKILL.md") ? "skill" : "plugin module";
  return [...edit.set.map((s) => s.at.join(".")), ...(edit.hooks.length ? [`${edit.hooks.length} hooks`] : [])].join(", ");
}
