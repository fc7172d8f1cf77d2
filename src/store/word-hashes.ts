/**
 * A set of 32-bit word hashes (FNV-1a of the lower-cased word), for telling at a glance whether a
 * word of a text being indexed is already in the vocabulary. Checking a hash computed while the
 * text is scanned costs a few array reads; slicing every word out and looking it up in a
 * Set<string> was a fifth of indexing time. Two words with one hash are taken for the same: the
 * second is then missing from the vocabulary, which costs at most one spelling fix toward it.
 */
const EMPTY = 0;

export class WordHashes {
  private slots: Int32Array;
  private used = 0;

  constructor(private readonly capacity = 1 << 20) {
    this.slots = new Int32Array(capacity);
  }

  has(hash: number): boolean {
    const h = hash | 1; // 0 marks an empty slot
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const v = this.slots[i]!;
      if (v === h) return true;
      if (v === EMPTY) return false;
    }
  }

  add(hash: number): void {
    const h = hash | 1;
    // Past half full, start over rather than probe long runs: a forgotten word is only written again.
    if (this.used * 2 >= this.slots.length) {
      this.slots = new Int32Array(this.capacity);
      this.used = 0;
    }
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const v = this.slots[i]!;
      if (v === h) return;
      if (v === EMPTY) {
        this.slots[i] = h;
        this.used++;
        return;
      }
    }
  }
}

/** FNV-1a of a lower-case word, the same value scanWords (vocab.ts) computes as it reads. */
export function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h;
}
