/** What a fetched body is, from its Content-Type (or, without a useful one, from its first bytes). */
import { CtxError } from "../errors.ts";

/** How a body is converted before it is indexed. */
export type WebKind = "html" | "json" | "markdown" | "text";

/** Textual types outside text/* that read fine as text. */
const TEXTUAL = new Set([
  "application/xml",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/javascript",
  "application/x-javascript",
  "application/ecmascript",
  "application/x-ndjson",
  "application/x-sh",
  "application/sql",
  "application/graphql",
  "application/x-tex",
  "application/rtf",
]);

/** Types that say nothing about the body: decided by sniffing it. */
const UNDECLARED = new Set(["", "application/octet-stream", "binary/octet-stream", "application/unknown"]);

/**
 * The kind for a Content-Type header, "sniff" when the header says nothing useful, and a thrown
 * refusal (naming the type) for anything that is not text.
 */
export function kindOfContentType(contentType: string, url: string): WebKind | "sniff" {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (UNDECLARED.has(type)) return "sniff";
  if (type === "text/html" || type === "application/xhtml+xml") return "html";
  if (type === "application/json" || type === "text/json" || type.endsWith("+json")) return "json";
  if (type === "text/markdown" || type === "text/x-markdown") return "markdown";
  if (type.startsWith("text/") || type.endsWith("+xml") || TEXTUAL.has(type)) return "text";
  throw refuseType(url, type);
}

function refuseType(url: string, type: string): CtxError {
  return new CtxError("UNREADABLE", `${url} is ${type}; only HTML, JSON, markdown and text pages can be indexed`);
}

/** The kind of a body whose type was not declared: binary (NUL in the first 8 KB) is refused, markup is HTML, the rest text. */
export function sniffKind(head: Uint8Array, url: string): WebKind {
  const probe = head.subarray(0, 8192);
  if (probe.includes(0)) throw refuseType(url, "binary data (no usable Content-Type)");
  const start = new TextDecoder()
    .decode(probe.subarray(0, 1024))
    .replace(/^\ufeff/, "")
    .trimStart()
    .toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html") || /^<(?:head|body|meta|title)\b/.test(start)) return "html";
  return "text";
}
