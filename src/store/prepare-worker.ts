// Worker thread for large index runs: chunks batch N+1 while the main thread writes batch N.
import { parentPort } from "node:worker_threads";
import { prepareSource, type ChunkJob } from "./prepare-chunks.ts";

parentPort?.on("message", (msg: { batch: number; jobs: ChunkJob[] }) => {
  try {
    parentPort!.postMessage({ batch: msg.batch, prepared: msg.jobs.map(prepareSource) });
  } catch (err) {
    parentPort!.postMessage({ batch: msg.batch, error: err instanceof Error ? err.message : String(err) });
  }
});
