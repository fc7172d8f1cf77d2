import { npmBinary } from "./npm-binary.ts";
import { createPiExtension } from "./pi.ts";

/**
 * The Pi extension of the `ctxmode` npm package (`pi install npm:ctxmode`), bundled by
 * build/plugins.ts. It registers the ctx_* tools itself, so its hooks run with CTXMODE_ROUTE=plugin.
 */
export default createPiExtension({ command: [npmBinary(import.meta.url)], env: { CTXMODE_ROUTE: "plugin" } });
