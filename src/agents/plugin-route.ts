import { HOSTS, type Host } from "../hosts/index.ts";
import type { HostPaths } from "../config/host-paths.ts";
import { readOrNull } from "./setup.ts";

/**
 * Whether ctxmode is installed through the host's own plugin manager (the package from
 * build/host-plugins.ts): the host's own record of it, read from the file its registry entry names.
 */
export function pluginInstalled(host: Host, paths: HostPaths): boolean {
  return (host.plugin?.marker(paths) ?? []).some((m) => m.pattern.test(readOrNull(m.file) ?? ""));
}

/** The hosts that have ctxmode's plugin installed through their own plugin manager. */
export function pluginHosts(paths: HostPaths): Host[] {
  return (HOSTS as readonly Host[]).filter((h) => pluginInstalled(h, paths));
}

/** What setup, upgrade and uninstall say about a plugin install: the route and the host's own command. */
export function pluginNote(host: Host, action: "setup" | "update" | "remove"): string {
  const route = `ctxmode is installed through ${host.title}'s plugin manager`;
  if (action === "setup") return `${route}; setup adds nothing beside it (update it with \`${host.plugin!.update}\`)`;
  if (action === "update") return `${route}; its plugin runs the upgraded binary already (update the plugin itself with \`${host.plugin!.update}\`)`;
  const remove = host.plugin!.remove;
  return remove.startsWith(`${host.command} `) ? `${route}; remove it with \`${remove}\`` : `${route}; to remove it, ${remove}`;
}
