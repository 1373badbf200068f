// Load generation with wrk (Debian package `wrk`): a C load generator that needs a fraction of the CPU
// autocannon needs per request, so the figures measure the server and not the client. autocannon, one
// JavaScript thread, ran at 93-99 % of its core at 17-20k req/s of 3 KB answers, and its own queueing
// then showed up in the latencies it reported.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type LatencyFigures, type LoadRequest, runForFigures, withRequestFile } from './load.ts';

export type WrkRequest = LoadRequest;

export interface WrkResult extends LatencyFigures {
  requests: number;
  rps: number;
}

/** wrk's threads (BENCH_WRK_THREADS, default 1), all on the load generator's core. */
const WRK_THREADS = Math.max(1, Number(process.env.BENCH_WRK_THREADS ?? 1));

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

// Requests are read from a file (method, path, body, tab-separated), formatted once, and sent in order,
// starting at the offset given after `--`, each with the cookie given after it if any; done() prints the figures
// as one JSON line.
const SCRIPT = `
local reqs = {}
local n = 0
local i = 0
init = function(args)
  local cookie = args[3]
  for line in io.lines(args[1]) do
    local method, path, body = line:match("^(%u+)\\t([^\\t]+)\\t?(.*)$")
    n = n + 1
    local headers = {}
    if cookie ~= nil and cookie ~= "" then headers["cookie"] = cookie end
    if body ~= nil and body ~= "" then
      headers["content-type"] = "application/json"
      reqs[n] = wrk.format(method, path, headers, body)
    else
      reqs[n] = wrk.format(method, path, headers)
    end
  end
  i = tonumber(args[2]) or 0
end
request = function()
  i = i + 1
  return reqs[((i - 1) % n) + 1]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"duration":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout + e.status))
end
`;

/**
 * Runs wrk (one thread, pinned to `core` when given) against `base` for `seconds`, sending `requests` in order
 * from `offset` (each with `cookie` when given), and returns its figures.
 */
export async function runWrk(opts: {
  base: string;
  connections: number;
  seconds: number;
  requests: WrkRequest[];
  offset?: number;
  core?: number;
  cookie?: string;
}): Promise<WrkResult> {
  return withRequestFile(opts.requests, async (list) => {
    const script = join(dirname(list), 'requests.lua');
    writeFileSync(script, SCRIPT);
    const args = [`-t${WRK_THREADS}`, `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '10s', '-s', script, opts.base, '--', list, String(opts.offset ?? 0), opts.cookie ?? ''];
    const r = await runForFigures<{ requests: number; duration: number; p50: number; p90: number; p99: number; max: number; errors: number }>('wrk', args, opts.core, 'WRK');
    const ms = (us: number) => Math.round(us / 10) / 100;
    return { requests: r.requests, rps: r.requests / (r.duration / 1e6), p50: ms(r.p50), p90: ms(r.p90), p99: ms(r.p99), max: ms(r.max), errors: r.errors };
  });
}
