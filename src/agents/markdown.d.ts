/** `import text from "./x.md" with { type: "text" }`: Bun's text loader (build and runtime). */
declare module "*.md" {
  const text: string;
  export default text;
}
