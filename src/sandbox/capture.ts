/**
 * Keeps the first `cap/2` and the last `cap/2` bytes of a stream while it flows, and counts every
 * byte. Memory is two fixed buffers no matter how much the child writes (a 1 GB flood included).
 */
export class HeadTailCapture {
  readonly #head: Buffer;
  readonly #tail: Buffer;
  #headLen = 0;
  /** Next write position in the tail ring. */
  #tailPos = 0;
  #tailLen = 0;
  #total = 0;

  constructor(cap: number) {
    const limit = Math.max(2, Math.floor(cap));
    this.#head = Buffer.alloc(Math.ceil(limit / 2));
    this.#tail = Buffer.alloc(Math.floor(limit / 2));
  }

  /** Bytes seen so far, including the ones not kept. */
  get total(): number {
    return this.#total;
  }

  /** True once more bytes arrived than head and tail can hold together. */
  get truncated(): boolean {
    return this.#total > this.#head.length + this.#tail.length;
  }

  push(chunk: Uint8Array): void {
    this.#total += chunk.length;
    let offset = 0;
    if (this.#headLen < this.#head.length) {
      const n = Math.min(chunk.length, this.#head.length - this.#headLen);
      this.#head.set(chunk.subarray(0, n), this.#headLen);
      this.#headLen += n;
      offset = n;
    }
    const size = this.#tail.length;
    if (offset >= chunk.length || size === 0) return;
    // Only the last `size` bytes of this chunk can survive in the ring.
    let rest = chunk.subarray(Math.max(offset, chunk.length - size));
    while (rest.length > 0) {
      const n = Math.min(rest.length, size - this.#tailPos);
      this.#tail.set(rest.subarray(0, n), this.#tailPos);
      this.#tailPos = (this.#tailPos + n) % size;
      this.#tailLen = Math.min(size, this.#tailLen + n);
      rest = rest.subarray(n);
    }
  }

  /**
   * The kept text. When bytes were dropped, a marker line stating how many sits between head
   * and tail, and partial UTF-8 characters at the cut are removed.
   */
  text(): string {
    const head = this.#head.subarray(0, this.#headLen);
    const tail = this.#tailBytes();
    if (!this.truncated) return Buffer.concat([head, tail]).toString("utf8");
    const omitted = this.#total - head.length - tail.length;
    const marker = `\n[... ${omitted} bytes omitted of ${this.#total} ...]\n`;
    return head.subarray(0, utf8CutEnd(head)).toString("utf8") + marker + tail.subarray(utf8CutStart(tail)).toString("utf8");
  }

  #tailBytes(): Buffer {
    if (this.#tailLen < this.#tail.length) return this.#tail.subarray(0, this.#tailLen);
    return Buffer.concat([this.#tail.subarray(this.#tailPos), this.#tail.subarray(0, this.#tailPos)]);
  }
}

/** Length of `buf` without a trailing incomplete UTF-8 sequence. */
function utf8CutEnd(buf: Uint8Array): number {
  const i = buf.length;
  // Walk back over at most 3 continuation bytes to the lead byte of the last character.
  let back = 0;
  while (i - back - 1 >= 0 && back < 3 && (buf[i - back - 1]! & 0xc0) === 0x80) back++;
  const leadIndex = i - back - 1;
  if (leadIndex < 0) return i;
  const lead = buf[leadIndex]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return back + 1 < need ? leadIndex : i;
}

/** Index of the first byte of `buf` that starts a character (skips leading continuation bytes). */
function utf8CutStart(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length && i < 3 && (buf[i]! & 0xc0) === 0x80) i++;
  return i;
}
