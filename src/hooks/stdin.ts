import { stdinStream } from "#process";

/** What a hook read from stdin. */
export interface StdinText {
  text: string;
  /** More than `cap` bytes arrived; the rest was drained and dropped. */
  overflow: boolean;
  /** Stopped waiting before EOF (idle or deadline). */
  cutShort: boolean;
}

interface StdinOptions {
  /** Most bytes kept (a 100 MB payload is drained, not kept). */
  cap: number;
  /** Stop waiting after this long without data (a host that never closes stdin). */
  idleMs: number;
  /** Epoch ms: stop waiting at this point whatever happens. */
  deadline: number;
}

type ChunkReader = { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };

/**
 * Reads the host's payload. Drains everything to EOF so the host never sees a broken pipe, keeps
 * at most `cap` bytes, and gives up after `idleMs` of silence or at the deadline. Under Bun the
 * web stream of stdin is used: setting up `process.stdin` cost ~4 ms per hook (measured on the
 * compiled binary), a third of the hook's budget.
 */
export async function readStdin(options: StdinOptions): Promise<StdinText> {
  const stream = stdinStream();
  const reader: ChunkReader = stream ? stream.getReader() : nodeReader();
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let overflow = false;
  let cutShort = false;
  for (;;) {
    const wait = Math.min(options.idleMs, options.deadline - Date.now());
    if (wait <= 0) {
      cutShort = true;
      break;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), wait)));
    const next = await Promise.race([reader.read(), timeout]).catch(() => ({ done: true as const }));
    clearTimeout(timer);
    if (next === "timeout") {
      cutShort = true;
      break;
    }
    if (next.done) break;
    const value = next.value;
    if (!value || overflow) continue;
    if (kept + value.length > options.cap) {
      overflow = true;
      chunks.length = 0;
    } else {
      chunks.push(value);
      kept += value.length;
    }
  }
  // Whatever the host still holds open must not keep this process alive.
  reader.cancel().catch(() => {});
  return { text: overflow ? "" : Buffer.concat(chunks, kept).toString("utf8"), overflow, cutShort };
}

/** process.stdin as a pull reader, for the Node build. */
function nodeReader(): ChunkReader {
  const stdin = process.stdin;
  const queue: Uint8Array[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  stdin.on("data", (chunk: Buffer | string) => {
    queue.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    notify();
  });
  const end = () => {
    ended = true;
    notify();
  };
  stdin.on("end", end);
  stdin.on("error", end);
  return {
    async read() {
      while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
      const value = queue.shift();
      return value ? { done: false, value } : { done: true };
    },
    async cancel() {
      stdin.destroy();
    },
  };
}
