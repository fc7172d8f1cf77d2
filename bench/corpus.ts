/** A reproducible 10 MB mixed corpus (markdown docs, service logs, JSON API replies) from a fixed seed. */

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TECH = (
  "cache request response handler session token database query index migration deploy container cluster " +
  "pipeline webhook payload schema router middleware component render effect state reducer context promise " +
  "stream buffer socket timeout retry backoff queue worker scheduler config secret certificate proxy gateway " +
  "latency throughput memory allocation garbage collector thread mutex lock transaction commit rollback replica " +
  "shard partition consumer producer topic offset checkpoint snapshot volume mount kernel module driver " +
  "compiler parser lexer token syntax bytecode runtime interpreter sandbox permission policy audit metric trace"
).split(" ");
const SYL = "ka lo mi ne ru sa ti vo ze pa qu xe ji bo fu ra do ke li mo".split(" ");

export interface CorpusDoc {
  label: string;
  text: string;
  kind: "markdown" | "text" | "json";
}

/** Docs totalling about `bytes`, plus search queries drawn from the same vocabulary. */
export function makeCorpus(bytes: number, seed = 42): { docs: CorpusDoc[]; queries: string[] } {
  const rnd = mulberry32(seed);
  const vocab = [...TECH];
  for (let i = 0; vocab.length < 6000; i++) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = "";
    for (let j = 0; j < n; j++) w += SYL[Math.floor(rnd() * SYL.length)];
    vocab.push(w);
  }
  // Zipf-ish: low indexes are picked far more often, like real text.
  const word = () => vocab[Math.floor(vocab.length * rnd() ** 3)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(" ");
  const idents: string[] = [];
  const ident = () => {
    const id = `${word()}${word()[0]!.toUpperCase()}${word().slice(1)}`;
    if (idents.length < 5000) idents.push(id);
    return id;
  };

  const docs: CorpusDoc[] = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    const kind = (["markdown", "text", "json"] as const)[i % 3]!;
    let text = "";
    if (kind === "markdown") {
      text = `# ${sentence(3)}\n\n`;
      for (let s = 0; s < 12; s++) {
        text += `## ${sentence(4)}\n\n${sentence(60)}.\n\n${sentence(40)}.\n\n`;
        if (s % 3 === 0) text += "```ts\nconst " + ident() + " = await " + ident() + "(" + word() + ");\n```\n\n";
      }
    } else if (kind === "text") {
      for (let l = 0; l < 220; l++) {
        const level = rnd() < 0.1 ? "ERROR" : rnd() < 0.2 ? "WARN" : "INFO";
        text += `2026-03-0${1 + (l % 9)}T10:${String(l % 60).padStart(2, "0")}:00Z ${level} ${ident()} ${sentence(10)}\n`;
      }
    } else {
      const items = Array.from({ length: 30 }, (_, k) => ({ id: k + 1, name: ident(), status: word(), summary: sentence(18), tags: [word(), word()] }));
      text = JSON.stringify({ data: { items, total: items.length } }, null, 2);
    }
    docs.push({ label: `corpus/${kind}-${i}`, text, kind });
    total += Buffer.byteLength(text);
  }
  // Every fourth query is a substring from inside an identifier that the corpus holds.
  const queries = Array.from({ length: 20 }, (_, i) => {
    if (i % 4 !== 3) return sentence(2 + (i % 3));
    const id = idents[Math.floor(rnd() * idents.length)]!;
    return id.slice(2, Math.min(id.length, 9));
  });
  return { docs, queries };
}

/**
 * The docs joined into files of about `partBytes` (256 KB, the size agents index one call at a
 * time), each doc whole, the last file what is left.
 */
export function corpusParts(docs: CorpusDoc[], partBytes = 256 * 1024): string[] {
  const parts: string[] = [];
  let buffer = "";
  for (const doc of docs) {
    buffer += `${doc.text}\n\n`;
    if (buffer.length >= partBytes) {
      parts.push(buffer);
      buffer = "";
    }
  }
  if (buffer) parts.push(buffer);
  return parts;
}
