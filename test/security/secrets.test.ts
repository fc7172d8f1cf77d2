import { expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { send, startSite } from "../fetch/helpers.ts";
import { binary } from "../helpers/cli.ts";
import { figure } from "../helpers/figures.ts";
import { hookEnv, hookSandbox, runHook, seeded } from "../hooks/helpers.ts";
import { startServer } from "../mcp/helpers.ts";

/**
 * Seeded secrets of every kind ctxmode redacts go in through each way text reaches the index or
 * the journal: indexed files (CLI and ctx_index), command output (ctx_execute, ctx_batch, a hook's
 * replaced output), fetched pages and journaled hook events. Afterwards no byte of any of them is
 * in the data dir (database, WAL, spool, logs), and doctor prints none of them.
 */
const rand = seeded(0x5ec7);
const chars = (n: number, set = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") =>
  Array.from({ length: n }, () => set[Math.floor(rand() * set.length)]).join("");
const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** [kind, the secret's unique part, the text it appears in]. Built from parts so they do not look live to scanners. */
function secrets(): [string, string, string][] {
  const s: [string, string, string][] = [];
  const add = (kind: string, value: string, text: (v: string) => string) => s.push([kind, value, text(value)]);
  add("AWS access key id", "AKIA" + chars(16, upper), (v) => `aws_access_key_id ${v}`);
  add("AWS secret key", chars(40), (v) => `aws_secret_access_key = ${v}`);
  add("GitHub token", "ghp_" + chars(36), (v) => `using ${v} for the API`);
  add("GitHub fine-grained PAT", "github_pat_" + chars(40), (v) => `GH=${v}`);
  add("Slack token", "xoxb-" + chars(12, "0123456789") + "-" + chars(24), (v) => `slack ${v}`);
  add("Stripe key", "sk_live_" + chars(24), (v) => `stripe.key(${v})`);
  add("OpenAI key", "sk-proj-" + chars(32), (v) => `OPENAI ${v}`);
  add("Anthropic key", "sk-ant-api03-" + chars(32), (v) => `key ${v} end`);
  add("Google API key", "AIza" + chars(35), (v) => `maps ${v} done`);
  add("JWT", `eyJ${chars(20)}.eyJ${chars(30)}.${chars(43)}`, (v) => `session=${v};`);
  add("npm token", "npm_" + chars(36), (v) => `//registry.npmjs.org/:_authToken npm ${v}`);
  add("Bearer header", chars(40), (v) => `Authorization: Bearer ${v}`);
  add("URL password", chars(24), (v) => `postgres://admin:${v}@db.internal:5432/app`);
  add("JSON password field", chars(24), (v) => `{"password": "${v}", "user": "bob"}`);
  add("env password", chars(24), (v) => `DB_PASSWORD=${v}`);
  add("PEM private key", chars(64), (v) => `-----BEGIN RSA PRIVATE KEY-----\nMIIEow${v}\n-----END RSA PRIVATE KEY-----`);
  return s;
}

/** Every byte of every file under `dir`. */
function allBytes(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...allBytes(path));
    else out.push({ file: path, text: readFileSync(path).toString("latin1") });
  }
  return out;
}

test("seeded secrets of 16 kinds, through files, command output, fetched pages and journal events, never reach the data dir or doctor", async () => {
  const box = hookSandbox("ctxmode-secrets-");
  const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
  const table = secrets();
  const blob = table.map(([kind, , text]) => `## ${kind}\n${text}\n`).join("\n");
  let routes = 0;

  // Files: a directory indexed by the CLI, and one file through ctx_index.
  mkdirSync(join(box.project, "conf"), { recursive: true });
  table.forEach(([kind, , text], i) => {
    writeFileSync(join(box.project, "conf", `s${i}.txt`), `# ${kind}\n\n${text}\n`);
  });
  writeFileSync(join(box.project, "secrets.md"), `# all\n\n${blob}`);
  expect(Bun.spawnSync([binary, "index", "conf"], { cwd: box.project, env }).exitCode).toBe(0);
  routes++;
  const server = await startServer({ dir: box.project, dataDir: box.dataDir });
  expect((await server.call("ctx_index", { path: "secrets.md" })).isError).toBe(false);
  expect((await server.call("ctx_index", { text: blob, source: "pasted" })).isError).toBe(false);
  routes += 2;

  // Command output: small and large (indexed) ctx_execute, ctx_batch, and a hook's replaced output.
  await server.call("ctx_execute", { language: "shell", code: "cat secrets.md" });
  await server.call("ctx_execute", { language: "shell", code: "for i in $(seq 1 200); do cat secrets.md; done" });
  await server.call("ctx_batch", { commands: [{ label: "secrets", command: "for i in $(seq 1 200); do cat secrets.md; done" }], queries: ["password"] });
  const bigOutput = `${"build step ok\n".repeat(400)}${blob}`;
  runHook(
    "claude-code",
    "PostToolUse",
    JSON.stringify({ session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "make" }, tool_response: { stdout: bigOutput, stderr: "" } }),
    env,
  );
  routes += 4;

  // A fetched page.
  const site = await startSite({
    "/page": send("text/html", `<html><body><h1>Config</h1><pre>${blob}</pre><p>${table.map(([, , t]) => t).join("</p><p>")}</p></body></html>`),
  });
  expect((await server.call("ctx_index", { url: site.url("/page") })).isError).toBe(false);
  routes++;

  // Journal events: prompts, commands that export keys, failures that print tokens, edits.
  const base = { session_id: "s", cwd: box.project };
  for (const [, value, text] of table) {
    runHook("claude-code", "UserPromptSubmit", JSON.stringify({ ...base, prompt: `use this: ${text}` }), env);
    runHook(
      "claude-code",
      "PostToolUse",
      JSON.stringify({
        ...base,
        tool_name: "Bash",
        tool_input: { command: `export API_KEY=${value} && curl -H "Authorization: Bearer ${value}" x` },
        tool_response: { stdout: "", stderr: "" },
      }),
      env,
    );
    runHook(
      "claude-code",
      "PostToolUseFailure",
      JSON.stringify({ ...base, tool_name: "Bash", tool_input: { command: `deploy --token ${value}` }, error: `Exit code 1\n${text}` }),
      env,
    );
  }
  runHook("claude-code", "PreCompact", JSON.stringify({ ...base, trigger: "auto" }), env);
  routes += 4;
  // ctx_resume moves spooled events into the journal; the state block is built from them.
  await server.call("ctx_resume", {});
  await server.close();

  const files = allBytes(box.dataDir);
  const leaks: string[] = [];
  for (const [kind, value] of table) {
    for (const { file, text } of files) {
      if (text.includes(value) || text.includes(value.toLowerCase())) leaks.push(`${kind} in ${file.slice(box.dataDir.length)}`);
    }
  }
  expect(leaks).toEqual([]);
  // The data really went in: the index holds the files' other words.
  expect(files.some(({ text }) => text.includes("aws_secret_access_key"))).toBe(true);

  // Doctor, with secrets in the environment and in a settings file too.
  mkdirSync(join(box.project, ".claude"), { recursive: true });
  writeFileSync(
    join(box.project, ".claude", "settings.json"),
    JSON.stringify({ permissions: { deny: [`Bash(curl -H "Authorization: Bearer ${table[11]![1]}" *)`] }, env: { API_KEY: table[2]![1] } }),
  );
  const doctorEnv = { ...env, HTTPS_PROXY: `http://user:${table[12]![1]}@proxy.internal:3128`, GITHUB_TOKEN: table[2]![1], OPENAI_API_KEY: table[6]![1] };
  for (const args of [["doctor"], ["doctor", "--json"]]) {
    const r = Bun.spawnSync([binary, ...args], { cwd: box.project, env: doctorEnv, stdout: "pipe", stderr: "pipe" });
    const out = r.stdout.toString() + r.stderr.toString();
    expect(out.length).toBeGreaterThan(0);
    expect(table.filter(([, value]) => out.includes(value)).map(([kind]) => kind)).toEqual([]);
  }
  figure("secrets.kinds", table.length);
  figure("secrets.routes", routes);
}, 90_000);
