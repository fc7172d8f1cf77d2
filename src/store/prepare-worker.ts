// Worker thread for large index runs: chunks batch N+1 while the main thread writes batch N.
import { parentPort } from "node:worker_threads";
import { prepareSource, type ChunkJob } from "./prepare-chunks.ts";
import { packSources } from "./prepare-pack.ts";

parentPort?.on("message", (msg: { batch: number; jobs: ChunkJob[] }) => {
  try {
    const packed = packSources(msg.jobs.map(prepareSource));
    parentPort!.postMessage({ batch: msg.batch, packed }, [packed.lengths.buffer as ArrayBuffer, packed.numbers.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ batch: msg.batch, error: err instanceof Error ? err.message : String(err) });
  }
});
