// The parse worker when the server runs from its TypeScript sources (vitest, tsx): Node 20
// loads no .ts by itself and a worker thread does not inherit its parent's loader, so this
// registers tsx's loader in the thread, then imports the worker module. A built server loads
// dist/parse-worker.js instead (parsing/pool.ts `parseWorkerSource`).
import { register } from 'tsx/esm/api';

register();
await import(new URL('./parse-worker.ts', import.meta.url).href);
