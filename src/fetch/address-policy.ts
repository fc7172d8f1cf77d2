/**
 * Which addresses a fetch may connect to. Every address a host name resolves to is classified
 * here, and so is every redirect hop; IPv6 forms that carry an IPv4 address (mapped, NAT64,
 * 6to4) are judged by the IPv4 address inside them.
 */
import { formatIPv4, inPrefix, parseIPv4, parseIPv6, type IpBytes } from "./ip-address.ts";

/**
 * `blocked`: never fetched. `private`: only with CTXMODE_FETCH_ALLOW_PRIVATE=1. `loopback`:
 * allowed (local dev servers) unless CTXMODE_FETCH_STRICT=1. `public`: allowed.
 */
export type AddressClass = "public" | "loopback" | "private" | "blocked";

interface Classification {
  class: AddressClass;
  /** The rule that decided, e.g. "link-local / cloud metadata 169.254.0.0/16". */
  rule: string;
}

interface Range {
  prefix: IpBytes;
  bits: number;
  class: AddressClass;
  rule: string;
}

function range(cidr: string, cls: AddressClass, name: string): Range {
  const [text, bits] = cidr.split("/") as [string, string];
  const prefix = parseIPv4(text) ?? parseIPv6(text);
  if (!prefix) throw new Error(`bad range ${cidr}`);
  return { prefix, bits: Number(bits), class: cls, rule: `${name} ${cidr}` };
}

/** IPv4 ranges, most specific first. Anything not listed is public. */
const V4_RANGES: readonly Range[] = [
  range("0.0.0.0/8", "blocked", '"this network"'),
  range("127.0.0.0/8", "loopback", "loopback"),
  range("169.254.0.0/16", "blocked", "link-local / cloud metadata"),
  range("100.64.0.0/10", "blocked", "shared address space"),
  range("192.0.0.0/24", "blocked", "IETF protocol assignments"),
  range("192.0.2.0/24", "blocked", "documentation"),
  range("192.88.99.0/24", "blocked", "6to4 relay anycast"),
  range("198.18.0.0/15", "blocked", "benchmarking"),
  range("198.51.100.0/24", "blocked", "documentation"),
  range("203.0.113.0/24", "blocked", "documentation"),
  range("224.0.0.0/4", "blocked", "multicast"),
  range("240.0.0.0/4", "blocked", "reserved"),
  range("10.0.0.0/8", "private", "private"),
  range("172.16.0.0/12", "private", "private"),
  range("192.168.0.0/16", "private", "private"),
];

/** IPv6 ranges that embed an IPv4 address in their last 4 bytes (6to4: bytes 2–5). */
const EMBEDDING: readonly { range: Range; at: number; form: string }[] = [
  { range: range("::ffff:0:0/96", "public", "IPv4-mapped"), at: 12, form: "IPv4-mapped" },
  { range: range("64:ff9b::/96", "public", "NAT64"), at: 12, form: "NAT64" },
  { range: range("2002::/16", "public", "6to4"), at: 2, form: "6to4" },
];

const V6_RANGES: readonly Range[] = [
  range("::1/128", "loopback", "loopback"),
  range("::/128", "blocked", "unspecified address"),
  range("::/96", "blocked", "IPv4-compatible (deprecated)"),
  // Local-use NAT64 leads into whatever IPv4 network the operator chose; where the IPv4 address sits depends on a prefix length we cannot know.
  range("64:ff9b:1::/48", "blocked", "local-use NAT64"),
  range("100::/64", "blocked", "discard-only"),
  range("2001::/32", "blocked", "Teredo"),
  range("2001:db8::/32", "blocked", "documentation"),
  range("fe80::/10", "blocked", "link-local"),
  range("fec0::/10", "blocked", "site-local (deprecated)"),
  range("ff00::/8", "blocked", "multicast"),
  range("fc00::/7", "private", "unique local (private)"),
];

/** Classifies an address given as text; text that is not an IP address is blocked. */
export function classifyAddress(address: string): Classification {
  const v4 = parseIPv4(address);
  if (v4) return classifyV4(v4);
  const v6 = parseIPv6(address);
  if (!v6) return { class: "blocked", rule: `not an IP address (${JSON.stringify(address)})` };
  for (const e of EMBEDDING) {
    if (!inPrefix(v6, e.range.prefix, e.range.bits)) continue;
    const inner = v6.subarray(e.at, e.at + 4);
    const c = classifyV4(inner);
    if (c.class === "public") return { class: "public", rule: `${e.form} form of a public address` };
    // Through a NAT64 or 6to4 gateway "loopback" is the gateway's own: never ours to allow.
    const cls = c.class === "loopback" && e.form !== "IPv4-mapped" ? "blocked" : c.class;
    return { class: cls, rule: `${e.form} form of ${formatIPv4(inner)}, ${c.rule}` };
  }
  for (const r of V6_RANGES) if (inPrefix(v6, r.prefix, r.bits)) return { class: r.class, rule: r.rule };
  return { class: "public", rule: "public" };
}

function classifyV4(addr: IpBytes): Classification {
  for (const r of V4_RANGES) if (inPrefix(addr, r.prefix, r.bits)) return { class: r.class, rule: r.rule };
  return { class: "public", rule: "public" };
}

/** What the user allowed beyond public addresses. */
export interface AddressPolicy {
  /** CTXMODE_FETCH_ALLOW_PRIVATE=1 */
  allowPrivate: boolean;
  /** CTXMODE_FETCH_STRICT=1: loopback refused too. */
  strict: boolean;
}

/** Why an address is refused: the rule, and what the refusal is subject to. */
interface Refusal {
  address: string;
  rule: string;
  /** "is never fetched", "is refused unless CTXMODE_FETCH_ALLOW_PRIVATE=1", … */
  verdict: string;
}

/** Undefined when `address` may be fetched under `policy`; otherwise the rule that refuses it. */
export function refusal(address: string, policy: AddressPolicy): Refusal | undefined {
  const c = classifyAddress(address);
  const refuse = (verdict: string): Refusal => ({ address, rule: c.rule, verdict });
  switch (c.class) {
    case "public":
      return undefined;
    case "loopback":
      return policy.strict ? refuse("is refused while CTXMODE_FETCH_STRICT=1") : undefined;
    case "private":
      return policy.allowPrivate ? undefined : refuse("is refused unless CTXMODE_FETCH_ALLOW_PRIVATE=1");
    case "blocked":
      return refuse("is never fetched");
  }
}
