import { readFileSync } from 'node:fs';

/**
 * The Node flags `npm start` runs the server with (package.json "start"), so the benchmarks
 * measure the server as it is deployed. BENCH_APP_NODE_ARGS adds more (profiling, say).
 */
export function serverNodeArgs(): string[] {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const flags = /node\s+((?:--\S+\s+)*)dist\/server\/main\.js/.exec(start)?.[1] ?? '';
  const extra = process.env.BENCH_APP_NODE_ARGS ?? '';
  return [...flags.split(/\s+/), ...extra.split(/\s+/)].filter(Boolean);
}
