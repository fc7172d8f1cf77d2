import opencode from "../../dist/plugins/opencode.txt" with { type: "text" };
import pi from "../../dist/plugins/pi.txt" with { type: "text" };

const PLACEHOLDER = '"__CTXMODE_BINARY__"';

/**
 * The OpenCode plugin or the Pi extension as one self-contained module (bundled by build/plugins.ts
 * and compiled into the binary), calling `binary` for every hook.
 */
export function pluginSource(host: "opencode" | "pi", binary: string): string {
  const text = host === "opencode" ? opencode : pi;
  return text.replace(PLACEHOLDER, () => JSON.stringify(binary));
}
