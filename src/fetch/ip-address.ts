/** Parsing IP address text into bytes, so ranges are compared on numbers and never on strings. */

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

/** A strict dotted quad (`10.0.0.1`); anything else, octal or hex forms included, is undefined. */
export function parseIPv4(text: string): IpBytes | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^(?:0|[1-9]\d{0,2})$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out[i] = n;
  }
  return out;
}

/**
 * IPv6 text (`::1`, `fe80::1%eth0`, `::ffff:127.0.0.1`, `[2001:db8::1]`) as 16 bytes. The zone
 * (`%eth0`) and URL brackets are dropped first; a dotted IPv4 tail fills the last 4 bytes.
 */
export function parseIPv6(text: string): IpBytes | undefined {
  let t = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = t.indexOf("%");
  if (zone >= 0) t = t.slice(0, zone);
  if (!t.includes(":")) return undefined;
  const lastColon = t.lastIndexOf(":");
  const last = t.slice(lastColon + 1);
  if (last.includes(".")) {
    // A dotted IPv4 tail is two groups written another way.
    const v4 = parseIPv4(last);
    if (!v4) return undefined;
    t = `${t.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = t.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  if (halves.length === 1 && head.length !== 8) return undefined;
  if (halves.length === 2 && head.length + rest.length > 7) return undefined;
  const groups = [...head, ...new Array<string>(8 - head.length - rest.length).fill("0"), ...rest];
  const out = new Uint8Array(16);
  for (let i = 0; i < 8; i++) {
    const g = groups[i]!;
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    const n = Number.parseInt(g, 16);
    out[i * 2] = n >> 8;
    out[i * 2 + 1] = n & 0xff;
  }
  return out;
}

/** IPv4 or IPv6 text as bytes, or undefined when it is neither. */
export function parseIp(text: string): IpBytes | undefined {
  return parseIPv4(text) ?? parseIPv6(text);
}

/** True when `text` is an IP literal rather than a host name. */
export function isIpLiteral(text: string): boolean {
  return parseIp(text) !== undefined;
}

/** Dotted-quad text of 4 bytes. */
export function formatIPv4(bytes: IpBytes): string {
  return `${bytes[0]}.${bytes[1]}.${bytes[2]}.${bytes[3]}`;
}

/** True when the first `bits` bits of `addr` equal those of `prefix` (both the same length). */
export function inPrefix(addr: IpBytes, prefix: IpBytes, bits: number): boolean {
  if (addr.length !== prefix.length) return false;
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i++) if (addr[i] !== prefix[i]) return false;
  const rest = bits % 8;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (addr[whole]! & mask) === (prefix[whole]! & mask);
}
