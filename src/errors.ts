/** Stable error codes: tests, the CLI and MCP replies switch on these, never on message text. */
type ErrorCode =
  | "BAD_INPUT"
  | "NOT_FOUND"
  | "UNREADABLE"
  | "FTS5_MISSING"
  | "DB_ERROR"
  | "RUNTIME_MISSING"
  | "POLICY_DENIED"
  | "OUTSIDE_PROJECT"
  | "FETCH_BLOCKED";

/** The one error type ctxmode throws on purpose. `message` is a sentence a user or model can act on. */
export class CtxError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CtxError";
    this.code = code;
  }
}

/** Message of any thrown value, for the one line a user sees. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
