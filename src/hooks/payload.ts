/**
 * Defensive readers for host payloads. A payload is untrusted JSON: any field may be missing,
 * of the wrong type or absurdly large, so every reader returns a safe default instead of throwing.
 */

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The payload as an object; a non-object payload (array, number, null) is refused. */
export function asObj(value: unknown): Obj {
  if (!isObj(value)) throw new TypeError(`payload is ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}, not an object`);
  return value;
}

/** The first of `keys` holding a string. */
export function str(o: Obj | undefined, ...keys: string[]): string {
  if (!o) return "";
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string") return v;
  }
  return "";
}

/** The first of `keys` holding an object; a JSON string holding an object is parsed (Copilot's older `toolArgs`). */
export function obj(o: Obj | undefined, ...keys: string[]): Obj | undefined {
  if (!o) return undefined;
  for (const k of keys) {
    const v = o[k];
    if (isObj(v)) return v;
    if (typeof v === "string" && v.startsWith("{")) {
      try {
        const parsed: unknown = JSON.parse(v);
        if (isObj(parsed)) return parsed;
      } catch {
        // not JSON after all
      }
    }
  }
  return undefined;
}

/**
 * The text of a tool response in any shape hosts use: a string; MCP content `[{type:"text",text}]`
 * or `{content:[…]}`; Claude Bash `{stdout, stderr}`; Gemini/Qwen `{llmContent}`; Copilot
 * `{textResultForLlm}`; else compact JSON.
 */
export function responseText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return contentText(value) ?? safeJson(value);
  if (!isObj(value)) return String(value);
  if (Array.isArray(value.content)) return contentText(value.content) ?? safeJson(value);
  if (typeof value.stdout === "string" || typeof value.stderr === "string") {
    const out = typeof value.stdout === "string" ? value.stdout : "";
    const err = typeof value.stderr === "string" ? value.stderr : "";
    return err ? (out ? `${out}\n${err}` : err) : out;
  }
  for (const k of ["llmContent", "textResultForLlm", "output", "result", "text"]) {
    const v = value[k];
    if (typeof v === "string") return v;
    if (Array.isArray(v)) return contentText(v) ?? safeJson(v);
  }
  return safeJson(value);
}

function contentText(items: unknown[]): string | undefined {
  const texts: string[] = [];
  for (const item of items) {
    if (isObj(item) && typeof item.text === "string") texts.push(item.text);
    else if (typeof item === "string") texts.push(item);
  }
  return texts.length ? texts.join("\n") : undefined;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
