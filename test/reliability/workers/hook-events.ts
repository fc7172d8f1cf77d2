// Child process of the concurrency test: one host's stream of hook events, each a real
// `ctxmode hook claude-code <event>` process of the built binary, fired one after the other.
const [binary, project, worker, count] = process.argv.slice(2) as [string, string, string, string];
const session = `load-${worker}`;
const failures: string[] = [];

/** Event i of this worker: four kinds, each leaving exactly one journal row that names `w<worker>e<i>`. */
function event(i: number): [string, unknown] {
  const tag = `w${worker}e${i}`;
  const base = { session_id: session, cwd: project };
  switch (i % 4) {
    case 0:
      return ["UserPromptSubmit", { ...base, prompt: `look into ${tag} quickly` }];
    case 1:
      return [
        "PostToolUse",
        {
          ...base,
          tool_name: "Edit",
          tool_input: { file_path: `${project}/src/${tag}.ts`, old_string: "a", new_string: "b" },
          tool_response: { success: true },
        },
      ];
    case 2:
      return ["PreToolUse", { ...base, tool_name: "Bash", tool_input: { command: `curl -s https://example.com/${tag}` } }];
    default:
      return ["PostToolUse", { ...base, tool_name: "Read", tool_input: { file_path: `${project}/docs/${tag}.md` }, tool_response: { file: { content: "x" } } }];
  }
}

for (let i = 0; i < Number(count); i++) {
  const [hostEvent, payload] = event(i);
  const r = Bun.spawnSync([binary, "hook", "claude-code", hostEvent], {
    stdin: Buffer.from(JSON.stringify(payload)),
    stdout: "pipe",
    stderr: "pipe",
    timeout: 15_000,
  });
  if (r.exitCode !== 0 || r.stderr.length > 0) failures.push(`${hostEvent} ${i}: exit ${r.exitCode} ${r.stderr.toString().trim()}`);
}
if (failures.length) {
  process.stderr.write(`${failures.join("\n")}\n`);
  process.exit(1);
}
