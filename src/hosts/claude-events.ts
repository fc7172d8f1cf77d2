import type { HookKind, HostEvent } from "./types.ts";

/**
 * Claude Code's hook events (reference/hosts.md §1), which Codex, Qwen Code, VS Code and ZCode
 * copied: the one table of their names and the moment each stands for.
 */
const CLAUDE_EVENTS: readonly (readonly [string, HookKind])[] = [
  ["PreToolUse", "pre-tool"],
  ["PostToolUse", "post-tool"],
  ["PostToolUseFailure", "post-tool"],
  ["UserPromptSubmit", "prompt"],
  ["PreCompact", "pre-compact"],
  ["SessionStart", "session-start"],
];

/**
 * The Claude events a host uses, in the order given (default: the table's). Per event, `null`
 * leaves it out and an object changes its defaults: hooked by setup, no matcher, and a reply that
 * may carry context except at PreCompact.
 */
export function claudeEvents(
  changes: Record<string, Partial<HostEvent> | null> = {},
  order: readonly string[] = CLAUDE_EVENTS.map(([name]) => name),
): HostEvent[] {
  const kinds = new Map(CLAUDE_EVENTS);
  return order.flatMap((name): HostEvent[] => {
    const change = changes[name];
    const kind = kinds.get(name);
    if (change === null || !kind) return [];
    return [{ name, kind, hooked: true, context: kind !== "pre-compact", ...change }];
  });
}

/** A host event outside the Claude table. */
export function event(name: string, kind: HookKind, rest: Partial<HostEvent> = {}): HostEvent {
  return { name, kind, hooked: true, context: false, ...rest };
}
