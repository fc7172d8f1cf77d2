import { createOpenCodePlugin } from "./opencode.ts";

/**
 * The file `ctxmode setup` writes into OpenCode's plugin folder, bundled with its imports into one
 * module (build/plugins.ts). Setup puts the installed binary's path in place of the placeholder.
 * OpenCode loads every export of a plugin file as a plugin, so this is the only one.
 */
export const CtxmodePlugin = createOpenCodePlugin({ command: ["__CTXMODE_BINARY__"] });
