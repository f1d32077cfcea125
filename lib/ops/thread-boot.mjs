// A worker thread's entry: loads the TypeScript module named in workerData.entry through tsx (the
// way package.json runs our scripts), so a thread can run lib/ code with its "@/" imports.
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

await tsImport(workerData.entry, import.meta.url);
