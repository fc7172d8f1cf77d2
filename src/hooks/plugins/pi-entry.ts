import { createPiExtension } from "./pi.ts";

/**
 * The file `ctxmode setup` writes into Pi's extensions folder, bundled with its imports into one
 * module (build/plugins.ts). Setup puts the installed binary's path in place of the placeholder.
 */
export default createPiExtension({ command: ["__CTXMODE_BINARY__"] });
