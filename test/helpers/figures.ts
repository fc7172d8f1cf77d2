import { appendFileSync } from "node:fs";

/**
 * A figure the README quotes: printed in the test output, and appended as one JSON line to
 * $CTXMODE_FIGURES_FILE when bench/reliability.ts runs the suites to collect them.
 */
export function figure(name: string, value: number, unit = ""): void {
  console.log(`figure ${name}: ${value}${unit ? ` ${unit}` : ""}`);
  const file = process.env.CTXMODE_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value, unit })}\n`);
}
