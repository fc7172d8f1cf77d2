import { describe, expect, test } from "bun:test";
import { classifyAddress, refusal, type AddressClass } from "../../src/fetch/address-policy.ts";
import { parseIPv4, parseIPv6 } from "../../src/fetch/ip-address.ts";

/** [address, class, a word of the rule]: every range the fetch policy names, its edges, and the IPv6 forms that carry IPv4. */
const TABLE: [string, AddressClass, string][] = [
  // IPv4
  ["8.8.8.8", "public", "public"],
  ["0.0.0.0", "blocked", "this network"],
  ["0.255.255.255", "blocked", "this network"],
  ["127.0.0.1", "loopback", "loopback"],
  ["127.255.255.254", "loopback", "loopback"],
  ["169.254.169.254", "blocked", "cloud metadata"],
  ["169.254.0.1", "blocked", "link-local"],
  ["169.255.0.1", "public", "public"],
  ["100.64.0.1", "blocked", "shared address space"],
  ["100.127.255.255", "blocked", "shared address space"],
  ["100.63.255.255", "public", "public"],
  ["100.128.0.0", "public", "public"],
  ["198.18.0.1", "blocked", "benchmarking"],
  ["198.19.255.255", "blocked", "benchmarking"],
  ["198.20.0.0", "public", "public"],
  ["192.0.2.10", "blocked", "documentation"],
  ["198.51.100.10", "blocked", "documentation"],
  ["203.0.113.10", "blocked", "documentation"],
  ["192.0.0.8", "blocked", "IETF"],
  ["224.0.0.1", "blocked", "multicast"],
  ["239.255.255.250", "blocked", "multicast"],
  ["240.0.0.1", "blocked", "reserved"],
  ["255.255.255.255", "blocked", "reserved"],
  ["10.0.0.1", "private", "private 10.0.0.0/8"],
  ["10.255.255.255", "private", "private"],
  ["172.16.0.1", "private", "private 172.16.0.0/12"],
  ["172.31.255.255", "private", "private"],
  ["172.15.255.255", "public", "public"],
  ["172.32.0.0", "public", "public"],
  ["192.168.1.1", "private", "private 192.168.0.0/16"],
  ["192.169.0.1", "public", "public"],
  // IPv6
  ["2606:4700::1111", "public", "public"],
  ["::1", "loopback", "loopback"],
  ["::", "blocked", "unspecified"],
  ["::7f00:1", "blocked", "IPv4-compatible"],
  ["::a00:1", "blocked", "::/96"],
  ["fe80::1", "blocked", "link-local"],
  ["fe80::1%eth0", "blocked", "link-local"],
  ["febf:ffff::1", "blocked", "link-local"],
  ["fec0::1", "blocked", "site-local"],
  ["feff::1", "blocked", "site-local"],
  ["ff02::1", "blocked", "multicast"],
  ["fc00::1", "private", "unique local"],
  ["fd12:3456::1", "private", "unique local"],
  ["2001:db8::1", "blocked", "documentation"],
  ["2001:0:4136:e378::1", "blocked", "Teredo"],
  ["2001:4860:4860::8888", "public", "public"],
  ["100::1", "blocked", "discard"],
  // IPv4-mapped ::ffff:a.b.c.d, in both spellings
  ["::ffff:8.8.8.8", "public", "IPv4-mapped"],
  ["::ffff:127.0.0.1", "loopback", "loopback"],
  ["::ffff:7f00:1", "loopback", "loopback"],
  ["::ffff:169.254.169.254", "blocked", "metadata"],
  ["::ffff:a9fe:a9fe", "blocked", "metadata"],
  ["::ffff:10.1.2.3", "private", "private"],
  ["::ffff:100.64.0.1", "blocked", "shared address space"],
  ["::ffff:0.0.0.0", "blocked", "this network"],
  ["::ffff:224.0.0.1", "blocked", "multicast"],
  ["::ffff:198.18.0.1", "blocked", "benchmarking"],
  // NAT64 64:ff9b::/96 carries IPv4 in its last 32 bits
  ["64:ff9b::8.8.8.8", "public", "NAT64"],
  ["64:ff9b::a9fe:a9fe", "blocked", "NAT64 form of 169.254.169.254"],
  ["64:ff9b::10.0.0.1", "private", "NAT64 form of 10.0.0.1"],
  ["64:ff9b::7f00:1", "blocked", "NAT64 form of 127.0.0.1"],
  ["64:ff9b::c612:1", "blocked", "benchmarking"],
  ["64:ff9b::f000:1", "blocked", "reserved"],
  // Local-use NAT64 64:ff9b:1::/48 is refused whatever it embeds
  ["64:ff9b:1::8.8.8.8", "blocked", "local-use NAT64"],
  ["64:ff9b:1::a9fe:a9fe", "blocked", "local-use NAT64"],
  ["64:ff9b:1:ffff::1", "blocked", "local-use NAT64"],
  // 6to4 2002::/16 carries IPv4 in bits 16–47
  ["2002:808:808::1", "public", "6to4"],
  ["2002:a9fe:a9fe::1", "blocked", "6to4 form of 169.254.169.254"],
  ["2002:c0a8:101::1", "private", "6to4 form of 192.168.1.1"],
  ["2002:7f00:1::1", "blocked", "6to4 form of 127.0.0.1"],
  ["2002:6440:1::", "blocked", "shared address space"],
  ["2002:e000:1::", "blocked", "multicast"],
  // Not addresses
  ["localhost", "blocked", "not an IP address"],
  ["1.2.3", "blocked", "not an IP address"],
  ["01.2.3.4", "blocked", "not an IP address"],
  ["1.2.3.256", "blocked", "not an IP address"],
  ["1:2:3:4:5:6:7:8:9", "blocked", "not an IP address"],
  ["1::2::3", "blocked", "not an IP address"],
];

describe("address classes", () => {
  for (const [address, cls, rule] of TABLE) {
    test(`${address} is ${cls}`, () => {
      const c = classifyAddress(address);
      expect({ address, class: c.class }).toEqual({ address, class: cls });
      expect(c.rule).toContain(rule);
    });
  }
});

describe("refusal under each policy", () => {
  const plain = { allowPrivate: false, strict: false };
  test("public passes; blocked is refused whatever is allowed", () => {
    expect(refusal("8.8.8.8", { allowPrivate: true, strict: true })).toBeUndefined();
    const r = refusal("169.254.169.254", { allowPrivate: true, strict: false })!;
    expect(r.verdict).toBe("is never fetched");
    expect(r.rule).toBe("link-local / cloud metadata 169.254.0.0/16");
  });
  test("private needs CTXMODE_FETCH_ALLOW_PRIVATE", () => {
    expect(refusal("10.0.0.1", plain)!.verdict).toContain("CTXMODE_FETCH_ALLOW_PRIVATE=1");
    expect(refusal("fd00::1", plain)!.verdict).toContain("CTXMODE_FETCH_ALLOW_PRIVATE=1");
    expect(refusal("10.0.0.1", { allowPrivate: true, strict: false })).toBeUndefined();
  });
  test("loopback is allowed unless CTXMODE_FETCH_STRICT", () => {
    expect(refusal("127.0.0.1", plain)).toBeUndefined();
    expect(refusal("::1", plain)).toBeUndefined();
    expect(refusal("::1", { allowPrivate: true, strict: true })!.verdict).toContain("CTXMODE_FETCH_STRICT=1");
  });
});

describe("address parsing", () => {
  test("IPv4 is a strict dotted quad", () => {
    expect([...parseIPv4("192.168.0.1")!]).toEqual([192, 168, 0, 1]);
    for (const bad of ["0x7f.0.0.1", "127.1", "1.2.3.4.5", "", "1.2.3.-1", " 1.2.3.4"]) expect(parseIPv4(bad)).toBeUndefined();
  });
  test("IPv6 forms: compressed, full, dotted tail, brackets, zone", () => {
    const hex = (s: string) => Buffer.from(parseIPv6(s)!).toString("hex");
    expect(hex("::1")).toBe("00000000000000000000000000000001");
    expect(hex("[2001:db8::1]")).toBe("20010db8000000000000000000000001");
    expect(hex("::ffff:1.2.3.4")).toBe("00000000000000000000ffff01020304");
    expect(hex("1:2:3:4:5:6:7:8")).toBe("00010002000300040005000600070008");
    expect(hex("fe80::1%en0")).toBe("fe800000000000000000000000000001");
    expect(hex("1:2:3:4:5:6:1.2.3.4")).toBe("00010002000300040005000601020304");
    for (const bad of ["1:2:3:4:5:6:7", "12345::", "::g", ":1", "1.2.3.4"]) expect(parseIPv6(bad)).toBeUndefined();
  });
});
