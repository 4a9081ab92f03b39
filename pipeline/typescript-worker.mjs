// The entry of a worker thread that runs one of the pipeline's TypeScript modules (pipeline/page-workers.ts, font-subset.ts):
// tsx's loader registered in this thread (a worker does not share its parent's loader), then `workerData.entry`.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
