import { loadConfig, type Config } from "../config/config.ts";
import { openProjectStore, type ProjectStore } from "../store/open-project.ts";

/** What every data command needs: the config and the project's store for `--project` (or cwd). */
export function openForCommand(projectDir: string | undefined, options: { readonly?: boolean } = {}): { config: Config; store: ProjectStore } {
  const config = loadConfig();
  const store = openProjectStore(config, projectDir ?? process.cwd(), options);
  return { config, store };
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
