/** Per host: its event names and a payload in its own shape (reference/hosts.md), for process-level tests. */
export interface HostCase {
  host: string;
  pre: string;
  post: string;
  prompt: string;
  start: string;
  compact?: string;
  shell: string;
  /** A pre-tool payload for a shell command. */
  preShell(session: string, cwd: string, command: string): unknown;
  /** A post-tool payload for a shell command and its output. */
  postShell(session: string, cwd: string, command: string, output: string): unknown;
  promptPayload(session: string, cwd: string, prompt: string): unknown;
  startPayload(session: string, cwd: string, source: string): unknown;
}

const snake = (shell: string) => ({
  preShell: (session: string, cwd: string, command: string) => ({ session_id: session, cwd, hook_event_name: "x", tool_name: shell, tool_input: { command } }),
  promptPayload: (session: string, cwd: string, prompt: string) => ({ session_id: session, cwd, prompt }),
  startPayload: (session: string, cwd: string, source: string) => ({ session_id: session, cwd, source }),
});

export const HOST_CASES: HostCase[] = [
  {
    host: "claude-code",
    pre: "PreToolUse",
    post: "PostToolUse",
    prompt: "UserPromptSubmit",
    start: "SessionStart",
    compact: "PreCompact",
    shell: "Bash",
    ...snake("Bash"),
    postShell: (session, cwd, command, output) => ({
      session_id: session,
      cwd,
      tool_name: "Bash",
      tool_input: { command },
      tool_response: { stdout: output, stderr: "", interrupted: false, isImage: false },
    }),
  },
  {
    host: "codex",
    pre: "PreToolUse",
    post: "PostToolUse",
    prompt: "UserPromptSubmit",
    start: "SessionStart",
    compact: "PreCompact",
    shell: "Bash",
    ...snake("Bash"),
    postShell: (session, cwd, command, output) => ({
      session_id: session,
      turn_id: "t",
      cwd,
      tool_name: "Bash",
      tool_input: { command },
      tool_response: output,
    }),
  },
  {
    host: "gemini-cli",
    pre: "BeforeTool",
    post: "AfterTool",
    prompt: "BeforeAgent",
    start: "SessionStart",
    compact: "PreCompress",
    shell: "run_shell_command",
    ...snake("run_shell_command"),
    postShell: (session, cwd, command, output) => ({
      session_id: session,
      cwd,
      tool_name: "run_shell_command",
      tool_input: { command },
      tool_response: { llmContent: output, returnDisplay: output },
    }),
  },
  {
    host: "qwen-code",
    pre: "PreToolUse",
    post: "PostToolUse",
    prompt: "UserPromptSubmit",
    start: "SessionStart",
    compact: "PreCompact",
    shell: "run_shell_command",
    ...snake("run_shell_command"),
    postShell: (session, cwd, command, output) => ({
      session_id: session,
      cwd,
      tool_name: "run_shell_command",
      tool_input: { command },
      tool_response: { llmContent: output, returnDisplay: output },
    }),
  },
  {
    host: "copilot-cli",
    pre: "preToolUse",
    post: "postToolUse",
    prompt: "userPromptSubmitted",
    start: "sessionStart",
    compact: "preCompact",
    shell: "bash",
    preShell: (session, cwd, command) => ({ sessionId: session, timestamp: 1, cwd, toolName: "bash", toolArgs: { command } }),
    postShell: (session, cwd, command, output) => ({
      sessionId: session,
      cwd,
      toolName: "bash",
      toolArgs: { command },
      toolResult: { resultType: "success", textResultForLlm: output },
    }),
    promptPayload: (session, cwd, prompt) => ({ sessionId: session, cwd, prompt }),
    startPayload: (session, cwd, source) => ({ sessionId: session, cwd, source }),
  },
  {
    host: "vscode",
    pre: "PreToolUse",
    post: "PostToolUse",
    prompt: "UserPromptSubmit",
    start: "SessionStart",
    compact: "PreCompact",
    shell: "run_in_terminal",
    preShell: (session, cwd, command) => ({ sessionId: session, cwd, hookEventName: "PreToolUse", tool_name: "run_in_terminal", tool_input: { command } }),
    postShell: (session, cwd, command, output) => ({ sessionId: session, cwd, tool_name: "run_in_terminal", tool_input: { command }, tool_response: output }),
    promptPayload: (session, cwd, prompt) => ({ sessionId: session, cwd, prompt }),
    startPayload: (session, cwd, source) => ({ sessionId: session, cwd, source }),
  },
  {
    host: "cursor",
    pre: "preToolUse",
    post: "postToolUse",
    prompt: "beforeSubmitPrompt",
    start: "sessionStart",
    compact: "preCompact",
    shell: "Shell",
    preShell: (session, cwd, command) => ({
      conversation_id: session,
      generation_id: "g",
      workspace_roots: [cwd],
      hook_event_name: "preToolUse",
      tool_name: "Shell",
      tool_input: { command },
    }),
    postShell: (session, cwd, command, output) => ({
      conversation_id: session,
      workspace_roots: [cwd],
      tool_name: "Shell",
      tool_input: { command },
      tool_output: output,
    }),
    promptPayload: (session, cwd, prompt) => ({ conversation_id: session, workspace_roots: [cwd], prompt }),
    startPayload: (session, cwd, source) => ({ conversation_id: session, workspace_roots: [cwd], source }),
  },
  {
    host: "kiro",
    pre: "preToolUse",
    post: "postToolUse",
    prompt: "userPromptSubmit",
    start: "agentSpawn",
    shell: "execute_bash",
    preShell: (_session, cwd, command) => ({ hook_event_name: "preToolUse", cwd, tool_name: "execute_bash", tool_input: { command } }),
    postShell: (_session, cwd, command, output) => ({
      hook_event_name: "postToolUse",
      cwd,
      tool_name: "execute_bash",
      tool_input: { command },
      tool_response: output,
    }),
    promptPayload: (_session, cwd, prompt) => ({ hook_event_name: "userPromptSubmit", cwd, prompt }),
    startPayload: (_session, cwd) => ({ hook_event_name: "agentSpawn", cwd }),
  },
  {
    host: "opencode",
    pre: "tool.execute.before",
    post: "tool.execute.after",
    prompt: "chat.message",
    start: "session.created",
    compact: "session.compacting",
    shell: "bash",
    ...snake("bash"),
    postShell: (session, cwd, command, output) => ({ session_id: session, cwd, tool_name: "bash", tool_input: { command }, tool_response: output }),
  },
  {
    host: "pi",
    pre: "tool_call",
    post: "tool_result",
    prompt: "before_agent_start",
    start: "session_start",
    compact: "session_before_compact",
    shell: "bash",
    ...snake("bash"),
    postShell: (session, cwd, command, output) => ({ session_id: session, cwd, tool_name: "bash", tool_input: { command }, tool_response: output }),
  },
];
