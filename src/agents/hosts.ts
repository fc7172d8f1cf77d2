import { join } from "node:path";
import { HOSTS as REGISTRY, type Host, type HostId } from "../hosts/index.ts";
import type { FileEdit, SetupContext } from "../hosts/types.ts";
import { pluginSource } from "./plugins.ts";

export type { FileEdit, SetupContext } from "../hosts/types.ts";

/** A registry entry as setup and doctor use it: the files it writes, found, probed, explained. */
export interface HostSpec {
  id: HostId;
  title: string;
  /** A host counts as installed when one of these exists, or its binary is on PATH. */
  dirs: Host["detect"];
  command: string;
  edits: (ctx: SetupContext) => FileEdit[];
  /** One hook event run with a sample payload to verify the host's hook line. */
  probeEvent?: string;
  /** The host reads plain text from that event's stdout, not JSON. */
  plainReply?: boolean;
  /** Said after setup: a step only the user can take. */
  note?: string;
  /** The registry entry this spec is read from. */
  host: Host;
}

/**
 * A host's edits: its own MCP and hook files, then ctxmode's section of its instruction file
 * (`--instructions`) and its skills as `<dir>/<name>/SKILL.md`, user scope only. The e2e tests
 * check that each runnable host puts the skills in front of the model from these dirs.
 */
function editsOf(host: Host, ctx: SetupContext): FileEdit[] {
  const edits = host.setup({ ...ctx, pluginSource: (plugin) => pluginSource(plugin, ctx.binary) });
  const file = host.instructionFile;
  if (file && ctx.instructions)
    edits.push({ kind: "section", file: ctx.project ? join(ctx.project, file.project) : file.user(ctx.paths), section: ctx.instructions });
  const dir = host.skillsDir?.(ctx.paths);
  if (dir && !ctx.project && ctx.skills)
    for (const [name, content] of Object.entries(ctx.skills)) edits.push({ kind: "file", file: join(dir, name, "SKILL.md"), content });
  return edits;
}

/** Setup's view of one registry entry; the probe is the first start event of a host with hook lines. */
function hostSpec(host: Host): HostSpec {
  const hooked = host.hook.events.some((e) => e.hooked);
  const start = host.hook.events.find((e) => e.kind === "session-start");
  return {
    id: host.id,
    title: host.title,
    dirs: host.detect,
    command: host.command,
    edits: (ctx) => editsOf(host, ctx),
    ...(hooked && start ? { probeEvent: start.name.toLowerCase() } : {}),
    ...(host.hook.reply === "exit-code" ? { plainReply: true } : {}),
    ...(host.note ? { note: host.note } : {}),
    host,
  };
}

/** Every host setup knows, in the registry's order (src/hosts/). */
export const HOSTS: HostSpec[] = REGISTRY.map(hostSpec);
