/**
 * Stands in for the MCP SDK's Ajv-based JSON Schema validator. The SDK's server uses that
 * validator for one thing, checking a client's answer to an elicitation, and ctxmode never
 * elicits; loading Ajv and its formats cost about 5 MB of memory and several ms of every start.
 * The build resolves the SDK's `validation/ajv-provider.js` to this module (build/build.ts).
 */
export class AjvJsonSchemaValidator {
  getValidator(): (input: unknown) => { valid: false; data: undefined; errorMessage: string } {
    return () => ({ valid: false, data: undefined, errorMessage: "ctxmode's MCP server does not validate elicitation results" });
  }
}
