import { npmBinary } from "./npm-binary.ts";
import { createOpenCodePlugin } from "./opencode.ts";

/**
 * The OpenCode plugin of the `ctxmode` npm package (`opencode plugin add ctxmode`), bundled by
 * build/plugins.ts. It finds the binary when OpenCode loads it and also registers ctxmode's MCP
 * server through OpenCode's `config` hook, since nothing else writes `mcp.ctxmode` on this route
 * (so its hooks run with CTXMODE_ROUTE=plugin: the ctx_* tools are there).
 */
export const CtxmodePlugin = createOpenCodePlugin({ command: [npmBinary(import.meta.url)], registerMcp: true, env: { CTXMODE_ROUTE: "plugin" } });
