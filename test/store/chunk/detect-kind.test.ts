import { expect, test } from "bun:test";
import { detectKind } from "../../../src/store/chunk/index.ts";

test.each([
  ["README.md", "plain words", "markdown"],
  ["docs/page.mdx", "", "markdown"],
  ["data.json", "not json", "json"],
  ["report.csv", "a,b", "csv"],
  ["report.TSV", "a\tb", "csv"],
  ["src/app.ts", "", "code"],
  ["script.py", "", "code"],
  ["Dockerfile", "FROM node", "code"],
  ["out.txt", '{"a": [1, 2]}', "json"],
  ["curl output", ' [ {"id": 1} ] ', "json"],
  ["out.txt", "[not json", "text"],
  ["out.txt", "42", "text"],
  ["context7", "### Title\n\nSource: x\n\n```js\ncode\n```\n", "markdown"],
  ["notes", "# Title\n\nbody", "markdown"],
  ["log", "# comment in a shell log\nrunning\n", "text"],
  ["build.log", "▲ Next.js 15\n✓ Compiled", "text"],
  ["script", "#!/usr/bin/env bash\necho hi\n", "code"],
  ["", "", "text"],
  // A manual page's source, even with `#` comment lines and fenced-looking examples in it.
  ["ssh.1", ".Dt SSH 1\n.Sh NAME\n.Nm ssh\n.Sh EXAMPLES\n.Bd -literal\n# comment\n# another\n```\nx\n```\n.Ed\n", "text"],
] as const)("detectKind(%j, %j) is %s", (name, text, kind) => {
  expect(detectKind(name, text)).toBe(kind);
});
