/** `import text from "./x.md" with { type: "text" }`: Bun's text loader (build and runtime). */
declare module "*.md" {
  const text: string;
  export default text;
}

/** The plugin bundles build/plugins.ts writes, imported the same way. */
declare module "*.txt" {
  const text: string;
  export default text;
}
