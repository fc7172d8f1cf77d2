// Child process for the concurrency test: indexes N sources into one database, then exits.
import { openStore } from "../../../src/store/db.ts";
import { indexSource } from "../../../src/store/index-source.ts";

const [path, prefix, count] = process.argv.slice(2) as [string, string, string];
const db = openStore(path, { busyTimeoutMs: 5000 });
for (let i = 0; i < Number(count); i++) {
  const text = `# ${prefix} report ${i}\n\n${`${prefix} line ${i} with words about throughput and latency\n`.repeat(40)}`;
  indexSource(db, { label: `${prefix}-${i}`, text, kind: "markdown", maxChunk: 4096 });
}
db.close();
