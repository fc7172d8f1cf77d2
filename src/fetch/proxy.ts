/**
 * Proxies, used only when the user allows them (CTXMODE_FETCH_ALLOW_PROXY=1). Every request,
 * http or https, goes through a CONNECT tunnel to the address ctxmode checked, so the proxy
 * never resolves the name again and the checked address stays the one connected to.
 */
import { request } from "node:http";
import type { Socket } from "node:net";
import type { ProxyConfig } from "../config/config.ts";
import { CtxError, errorMessage } from "../errors.ts";

/** The proxy URL for `target`, or undefined when none applies (none set, or NO_PROXY matches). */
export function proxyFor(target: URL, proxy: ProxyConfig | undefined): URL | undefined {
  if (!proxy) return undefined;
  const raw = target.protocol === "https:" ? proxy.https : proxy.http;
  if (!raw) return undefined;
  if (bypassed(target, proxy.noProxy)) return undefined;
  let url: URL;
  try {
    url = new URL(raw.includes("://") ? raw : `http://${raw}`);
  } catch {
    throw new CtxError("BAD_INPUT", `the proxy setting ${JSON.stringify(raw)} is not a URL; fix it or unset CTXMODE_FETCH_ALLOW_PROXY`);
  }
  if (url.protocol !== "http:") {
    throw new CtxError("BAD_INPUT", `only http:// proxies are supported, not ${url.protocol}//; fix the proxy setting or unset CTXMODE_FETCH_ALLOW_PROXY`);
  }
  return url;
}

/** NO_PROXY: `*`, a host, `.suffix` or `suffix` (subdomains included), optionally with `:port`. */
function bypassed(target: URL, noProxy: string[]): boolean {
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const port = target.port || (target.protocol === "https:" ? "443" : "80");
  for (const entry of noProxy) {
    if (entry === "*") return true;
    const [name = "", entryPort] = entry.toLowerCase().split(/:(?=\d+$)/);
    if (entryPort && entryPort !== port) continue;
    const bare = name.replace(/^\*?\./, "");
    if (host === bare || host.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/**
 * Opens a CONNECT tunnel through `proxy` to `address:port` and returns its socket. The proxy's
 * own address is the user's choice and is not checked; the target address already was.
 */
export function openTunnel(proxy: URL, address: string, port: number, signal: AbortSignal): Promise<Socket> {
  const authority = address.includes(":") ? `[${address}]:${port}` : `${address}:${port}`;
  const headers: Record<string, string> = { host: authority };
  if (proxy.username) {
    const user = decodeURIComponent(proxy.username);
    const pass = decodeURIComponent(proxy.password);
    headers["proxy-authorization"] = `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
  }
  return new Promise((resolve, reject) => {
    const req = request({
      method: "CONNECT",
      host: proxy.hostname.replace(/^\[|\]$/g, ""),
      port: Number(proxy.port || 80),
      path: authority,
      headers,
      agent: false,
    });
    const onAbort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("connect", (res, socket) => {
      signal.removeEventListener("abort", onAbort);
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new CtxError("UNREADABLE", `the proxy ${proxy.host} refused the tunnel to ${authority} (HTTP ${res.statusCode})`));
    });
    req.on("error", (err) => {
      signal.removeEventListener("abort", onAbort);
      reject(err instanceof CtxError ? err : new CtxError("UNREADABLE", `could not reach the proxy ${proxy.host}: ${errorMessage(err)}`, { cause: err }));
    });
    req.end();
  });
}
