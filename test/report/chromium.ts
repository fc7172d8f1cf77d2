import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The Chromium binary on PATH (Debian's `chromium` package first), or undefined. */
export const chromiumPath = ["chromium", "chromium-browser", "google-chrome"].map((n) => Bun.which(n)).find((p) => p) ?? undefined;

/** What a page did while it loaded: console errors, uncaught exceptions and every request it started. */
export interface PageLog {
  errors: string[];
  requests: string[];
}

/**
 * Headless Chromium driven over the DevTools protocol (a WebSocket on 127.0.0.1, the port the
 * browser picked and wrote into its profile dir). One page target, attached in flat mode.
 */
export class Chromium {
  readonly #proc: ChildProcess;
  readonly #ws: WebSocket;
  readonly #pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  readonly #listeners: ((method: string, params: any, sessionId?: string) => void)[] = [];
  #nextId = 1;

  private constructor(proc: ChildProcess, ws: WebSocket) {
    this.#proc = proc;
    this.#ws = ws;
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data));
      if (msg.id !== undefined) {
        const p = this.#pending.get(msg.id);
        this.#pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(`${msg.error.message} (${msg.error.code})`));
        else p?.resolve(msg.result);
      } else {
        for (const l of this.#listeners) l(msg.method, msg.params, msg.sessionId);
      }
    };
  }

  /** Starts Chromium with a fresh profile in `profileDir` and connects to it (bounded by `timeoutMs`). */
  static async launch(profileDir: string, timeoutMs = 20_000): Promise<Chromium> {
    const proc = spawn(
      chromiumPath!,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profileDir}`,
        "--remote-debugging-address=127.0.0.1",
        "--remote-debugging-port=0",
        "about:blank",
      ],
      { stdio: "ignore" },
    );
    const portFile = join(profileDir, "DevToolsActivePort");
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(portFile) || readFileSync(portFile, "utf8").split("\n").length < 2) {
      if (Date.now() > deadline || proc.exitCode !== null) {
        proc.kill("SIGKILL");
        throw new Error(`chromium did not open its DevTools port within ${timeoutMs} ms (exit ${proc.exitCode})`);
      }
      await Bun.sleep(50);
    }
    const [port, path] = readFileSync(portFile, "utf8").trim().split("\n");
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error("could not connect to chromium's DevTools socket"));
    });
    return new Chromium(proc, ws);
  }

  /** One protocol call; `sessionId` addresses an attached page. */
  send<T = any>(method: string, params: Record<string, unknown> = {}, sessionId?: string, timeoutMs = 15_000): Promise<T> {
    const id = this.#nextId++;
    this.#ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`${method} got no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }

  /** Opens a new page, attached in flat mode, with console, log and network events on. */
  async newPage(log: PageLog): Promise<Page> {
    const { targetId } = await this.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
    this.#listeners.push((method, params, sid) => {
      if (sid !== sessionId) return;
      if (method === "Runtime.consoleAPICalled" && (params.type === "error" || params.type === "assert")) {
        log.errors.push(`console.${params.type}: ${params.args.map((a: any) => a.value ?? a.description).join(" ")}`);
      }
      if (method === "Runtime.exceptionThrown") log.errors.push(`exception: ${params.exceptionDetails.exception?.description ?? params.exceptionDetails.text}`);
      if (method === "Log.entryAdded" && params.entry.level === "error") log.errors.push(`log: ${params.entry.text} ${params.entry.url ?? ""}`);
      if (method === "Network.requestWillBeSent") log.requests.push(params.request.url);
    });
    for (const domain of ["Page", "Runtime", "Log", "Network"]) await this.send(`${domain}.enable`, {}, sessionId);
    return new Page(this, sessionId);
  }

  /** Closes the browser politely, then for sure: it is our child, killed by its own pid. */
  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => (this.#proc.exitCode !== null ? resolve() : this.#proc.once("exit", () => resolve())));
    await this.send("Browser.close", {}, undefined, 5_000).catch(() => {});
    this.#ws.close();
    const timer = setTimeout(() => this.#proc.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }

  /** Resolves with the first event `method` of `sessionId` (bounded). */
  waitFor(method: string, sessionId: string, timeoutMs = 15_000): Promise<any> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} within ${timeoutMs} ms`)), timeoutMs);
      const listener = (m: string, params: any, sid?: string) => {
        if (m !== method || sid !== sessionId) return;
        clearTimeout(timer);
        this.#listeners.splice(this.#listeners.indexOf(listener), 1);
        resolve(params);
      };
      this.#listeners.push(listener);
    });
  }
}

export class Page {
  constructor(
    readonly browser: Chromium,
    readonly sessionId: string,
  ) {}

  send<T = any>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  async goto(url: string): Promise<void> {
    const loaded = this.browser.waitFor("Page.loadEventFired", this.sessionId);
    const nav = await this.send<{ errorText?: string }>("Page.navigate", { url });
    if (nav.errorText) throw new Error(`navigation failed: ${nav.errorText}`);
    await loaded;
  }

  /** Runs `expression` in the page and returns its JSON value. */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>("Runtime.evaluate", { expression, returnByValue: true });
    if (r.exceptionDetails) throw new Error(`page script failed: ${r.exceptionDetails.text}`);
    return r.result.value;
  }

  /** A PNG of the page at `width` CSS pixels: all of it, or its top `maxHeight` pixels. */
  async screenshot(width: number, maxHeight = Number.POSITIVE_INFINITY): Promise<Buffer> {
    await this.send("Emulation.setDeviceMetricsOverride", { width, height: 900, deviceScaleFactor: 1, mobile: false });
    const { cssContentSize } = await this.send<{ cssContentSize: { height: number } }>("Page.getLayoutMetrics");
    const height = Math.min(maxHeight, Math.ceil(cssContentSize.height));
    const { data } = await this.send<{ data: string }>("Page.captureScreenshot", {
      format: "png",
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width, height, scale: 1 },
    });
    return Buffer.from(data, "base64");
  }
}
