// Starts a database worker written in TypeScript (the source tree, run under tsx or the tests): tsx is loaded in the
// thread, then the worker's own file (workerData.entry). The build runs the compiled .js file directly instead.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
