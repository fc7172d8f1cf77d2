/**
 * SSRF-safe HTTP(S) GET. Each hop resolves its host once, checks every address it got, and
 * connects to the first of them and nowhere else (no second lookup inside the client); each
 * redirect is a new hop; the whole fetch has one deadline and the body a byte cap while it streams.
 */
import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { connect as tlsConnect } from "node:tls";
import type { ProxyConfig } from "../config/config.ts";
import { VERSION } from "../config/constants.ts";
import { CtxError, errorMessage } from "../errors.ts";
import { refusal, type AddressPolicy } from "./address-policy.ts";
import { readBody } from "./body.ts";
import { parseIp } from "./ip-address.ts";
import { openTunnel, proxyFor } from "./proxy.ts";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name to addresses. The system resolver by default; tests pass their own (the address check still runs). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) => {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface FetchOptions {
  policy: AddressPolicy;
  /** Set only when the user allowed proxies. */
  proxy?: ProxyConfig;
  resolve?: Resolver;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
  /** Extra trusted CA certificates (PEM), e.g. a local test server's. */
  ca?: string;
}

/** A response whose headers arrived; read `body` once, or `cancel()` it. */
export interface FetchedPage {
  /** Where the body came from, after redirects. */
  url: string;
  redirects: string[];
  status: number;
  contentType: string;
  /** Declared size, when the server sent one and no compression applies. */
  contentLength?: number;
  /** The decompressed body, capped at `maxBytes`; ends the deadline when it finishes. */
  body: AsyncIterable<Uint8Array>;
  /** Body bytes read so far. */
  bytesRead(): number;
  cancel(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT = "text/html,application/xhtml+xml,application/json;q=0.9,text/markdown;q=0.9,text/plain;q=0.8,*/*;q=0.5";

/**
 * GETs `input`, following up to `maxRedirects` redirects. Refusals (scheme, address ranges,
 * redirect count, size) throw FETCH_BLOCKED naming the rule; network and HTTP failures throw UNREADABLE.
 */
export async function safeFetch(input: string, options: FetchOptions): Promise<FetchedPage> {
  let url = parseHttpUrl(input);
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new CtxError("UNREADABLE", `${url.href} sent no complete answer within ${seconds(options.timeoutMs)}`)),
    options.timeoutMs,
  );
  const onCallerAbort = () => deadline.abort(new CtxError("UNREADABLE", "the fetch was cancelled"));
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const finish = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  };
  const redirects: string[] = [];
  try {
    for (let hop = 0; ; hop++) {
      const res = await requestHop(url, hop, options, deadline.signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (hop >= options.maxRedirects) {
          throw new CtxError("FETCH_BLOCKED", `${input} redirects more than ${options.maxRedirects} times; fetch the final URL directly`);
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new CtxError("UNREADABLE", `${url.href} redirects to an invalid URL ${JSON.stringify(location)}`);
        }
        if (next.protocol !== "http:" && next.protocol !== "https:") {
          throw new CtxError("FETCH_BLOCKED", `redirect ${hop + 1} from ${url.href} to ${next.protocol}// refused: only http and https are fetched`);
        }
        redirects.push(next.href);
        url = next;
        continue;
      }
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        res.destroy();
        throw new CtxError("UNREADABLE", `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ""} from ${url.href}`);
      }
      const encoding = String(res.headers["content-encoding"] ?? "identity").toLowerCase();
      const declared = Number(res.headers["content-length"]);
      const contentLength = Number.isFinite(declared) && (encoding === "identity" || encoding === "") ? declared : undefined;
      if (contentLength !== undefined && contentLength > options.maxBytes) {
        res.destroy();
        throw new CtxError("FETCH_BLOCKED", `${url.href} is ${contentLength} bytes, over the ${options.maxBytes / 1024 / 1024} MB cap`);
      }
      const body = readBody(res, encoding, options.maxBytes, url.href, deadline.signal);
      return {
        url: url.href,
        redirects,
        status,
        contentType: String(res.headers["content-type"] ?? ""),
        contentLength,
        body: finishing(body.chunks, finish),
        bytesRead: body.bytesRead,
        cancel() {
          res.destroy();
          finish();
        },
      };
    }
  } catch (err) {
    finish();
    if (deadline.signal.aborted && deadline.signal.reason instanceof CtxError) throw deadline.signal.reason;
    throw err;
  }
}

/** Parses and checks the scheme of a URL the caller gave. */
export function parseHttpUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new CtxError("BAD_INPUT", `${JSON.stringify(input)} is not a URL; pass an absolute http:// or https:// URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CtxError("FETCH_BLOCKED", `${url.protocol}// URLs are refused: only http and https are fetched`);
  }
  return url;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * Resolves `host` (an IP literal resolves to itself) and checks every address; the first one is
 * the one to connect to. One refused address refuses the host: a name that also points at the
 * metadata service is not one to trust.
 */
export async function resolveChecked(host: string, policy: AddressPolicy, resolve: Resolver = systemResolver): Promise<ResolvedAddress> {
  const literal = parseIp(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal.length === 4 ? 4 : 6 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      const code = (err as { code?: string }).code;
      const hint = code === "EAI_AGAIN" ? "; the DNS lookup failed for now, retry in a moment" : "";
      throw new CtxError("UNREADABLE", `cannot resolve ${host} (${code ?? errorMessage(err)})${hint}`, { cause: err });
    }
    if (addresses.length === 0) throw new CtxError("UNREADABLE", `cannot resolve ${host}: no addresses`);
  }
  for (const a of addresses) {
    const r = refusal(a.address, policy);
    if (!r) continue;
    const what = `${r.address} (${r.rule})`;
    throw new CtxError("FETCH_BLOCKED", literal ? `${what} ${r.verdict}` : `${host} resolves to ${what}, which ${r.verdict}`);
  }
  return addresses[0]!;
}

/** A `lookup` for the HTTP client that answers with the checked address only. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
    else cb(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

async function requestHop(url: URL, hop: number, options: FetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const host = hostOf(url);
  let pinned: ResolvedAddress;
  try {
    pinned = await resolveChecked(host, options.policy, options.resolve);
  } catch (err) {
    if (hop > 0 && err instanceof CtxError && err.code === "FETCH_BLOCKED") {
      throw new CtxError("FETCH_BLOCKED", `redirect ${hop} to ${url.href} refused: ${err.message}`, { cause: err });
    }
    throw err;
  }
  const secure = url.protocol === "https:";
  const port = Number(url.port || (secure ? 443 : 80));
  const literal = parseIp(host) !== undefined;
  const proxy = proxyFor(url, options.proxy);
  const base: RequestOptions & { servername?: string; ca?: string } = {
    method: "GET",
    host,
    port,
    path: `${url.pathname}${url.search}`,
    headers: { host: url.host, "user-agent": `ctxmode/${VERSION}`, accept: ACCEPT, "accept-encoding": "gzip, deflate, br" },
    agent: false,
    // Certificates are checked against the name; SNI never carries an IP literal.
    ...(secure && !literal ? { servername: host } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
  };
  if (proxy) {
    const socket = await openTunnel(proxy, pinned.address, port, signal);
    // Bun ignores createConnection when agent is false.
    delete base.agent;
    base.createConnection = (() =>
      secure ? tlsConnect({ socket, servername: literal ? undefined : host, ca: options.ca }) : socket) as RequestOptions["createConnection"];
  } else {
    base.lookup = pinnedLookup(pinned);
  }
  return new Promise<IncomingMessage>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const req = (secure ? httpsRequest : httpRequest)(base, (res) => {
      signal.removeEventListener("abort", onAbort);
      resolve(res);
    });
    const onAbort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", (err) => {
      signal.removeEventListener("abort", onAbort);
      if (err instanceof CtxError) return reject(err);
      const code = (err as { code?: string }).code;
      reject(new CtxError("UNREADABLE", `could not fetch ${url.href}: ${code ? `${code} ` : ""}${errorMessage(err)}`.trim(), { cause: err }));
    });
    req.end();
  });
}

/** Runs `done` when the body is read to the end, fails, or is abandoned. */
async function* finishing(chunks: AsyncIterable<Uint8Array>, done: () => void): AsyncGenerator<Uint8Array> {
  try {
    yield* chunks;
  } finally {
    done();
  }
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
