/** Character sets of fetched text: everything is handed on as UTF-8. */

/** The `charset` parameter of a Content-Type header, lower-cased. */
export function charsetOf(contentType: string): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return m?.[1]?.toLowerCase();
}

const SNIFF_BYTES = 1024;

/** A BOM, or `<meta charset>` / `http-equiv` content-type within the first 1,024 bytes of HTML. */
function sniffCharset(head: Uint8Array): string | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const text = new TextDecoder("latin1").decode(head.subarray(0, SNIFF_BYTES));
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(text);
  return m?.[1]?.toLowerCase();
}

function decoderFor(charset: string | undefined): TextDecoder | undefined {
  if (!charset || charset === "utf-8" || charset === "utf8") return undefined;
  try {
    return new TextDecoder(charset as ConstructorParameters<typeof TextDecoder>[0]);
  } catch {
    return undefined; // an unknown label: read it as UTF-8 rather than refuse the page
  }
}

/**
 * The chunks re-encoded as UTF-8. Without a declared charset the first 1,024 bytes are sniffed
 * (`sniff`, for HTML); UTF-8, unknown and unsupported charsets pass through unchanged.
 */
export async function* toUtf8(chunks: AsyncIterable<Uint8Array>, declared: string | undefined, sniff: boolean): AsyncGenerator<Uint8Array> {
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let decoder: TextDecoder | undefined;
  let decided = declared !== undefined || !sniff;
  if (decided) decoder = decoderFor(declared);
  const encoder = new TextEncoder();
  for await (const chunk of chunks) {
    if (!decided) {
      head.push(chunk);
      headBytes += chunk.byteLength;
      if (headBytes < SNIFF_BYTES) continue;
      decided = true;
      const joined = Buffer.concat(head);
      head = [];
      decoder = decoderFor(sniffCharset(joined));
      yield decoder ? encoder.encode(decoder.decode(joined, { stream: true })) : joined;
      continue;
    }
    yield decoder ? encoder.encode(decoder.decode(chunk, { stream: true })) : chunk;
  }
  if (!decided && head.length) {
    const joined = Buffer.concat(head);
    decoder = decoderFor(sniffCharset(joined));
    yield decoder ? encoder.encode(decoder.decode(joined, { stream: true })) : joined;
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest) yield encoder.encode(rest);
  }
}

/** The whole body as a string, decoded by the declared (else sniffed, else UTF-8) charset. */
export async function readText(chunks: AsyncIterable<Uint8Array>, declared: string | undefined): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of toUtf8(chunks, declared, false)) parts.push(chunk);
  const text = Buffer.concat(parts).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
