import { CtxError } from "../../errors.ts";
import type { Policy } from "../../sandbox/policy.ts";
import { checkCommand } from "../../sandbox/policy.ts";

/** Throws POLICY_DENIED naming the rule when any segment of a shell command matches a deny rule. */
export function checkShell(policy: Policy, command: string, what = "command"): void {
  const decision = checkCommand(policy, command);
  if (decision.decision !== "deny") return;
  const rule = policy.deny.find((r) => r.raw === decision.rule);
  const from = rule?.source ? ` in ${rule.source}` : "";
  throw new CtxError(
    "POLICY_DENIED",
    `${what} blocked: \`${clip(decision.segment ?? command)}\` matches the deny rule ${decision.rule}${from}; run something else or change that rule`,
  );
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > 120 ? `${one.slice(0, 117)}…` : one;
}
