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
  // A shell library with no #! line: its `#` lines are comment blocks, not headings.
  ["git-sh-setup", "# This scriptlet is meant to be included\n# by other shell scripts.\n\n# Set up the helpers.\nIFS=' '\n\ndie () {\n\texit 1\n}\n", "code"],
  ["notes.txt", "# First thought\n# goes on here\n\n# And another\n# that goes on\n\nplain words\n", "text"],
  // Two headings, each with text under it, are still markdown.
  ["notes", "# Title\n\nbody\n\n## Part\n\nmore body\n", "markdown"],
  // A config file's `#` comments and commented-out settings are no markdown.
  ["postgresql.conf", "# - Memory -\n\n#work_mem = 4MB\n# Caution: read this\n", "code"],
  ["my.cnf", "[mysqld]\nport = 3306\n", "code"],
  ["manpath.config", "# manpath.config\n#\n# There are three mappings.\nMANDATORY_MANPATH\t/usr/man\n", "code"],
  ["/etc/ssh/sshd_config", "# This is the sshd server system-wide configuration file.\n\n#Port 22\nPermitRootLogin no\n", "code"],
  ["Getopt/Long.pm", "=head1 NAME\n", "code"],
  ["CMakeLists.txt", "cmake_minimum_required(VERSION 3.20)\n", "code"],
  ["package.tcl", "# package.tcl --\n", "code"],
  ["pom.xml", "<project>\n", "code"],
  ["", "", "text"],
  // A manual page's source, even with `#` comment lines and fenced-looking examples in it.
  ["ssh.1", ".Dt SSH 1\n.Sh NAME\n.Nm ssh\n.Sh EXAMPLES\n.Bd -literal\n# comment\n# another\n```\nx\n```\n.Ed\n", "text"],
] as const)("detectKind(%j, %j) is %s", (name, text, kind) => {
  expect(detectKind(name, text)).toBe(kind);
});
