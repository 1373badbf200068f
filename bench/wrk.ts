// Load generation with wrk (Debian package `wrk`): a C load generator that needs a fraction of the CPU
// autocannon needs per request, so the figures measure the server and not the client. autocannon, one
// JavaScript thread, ran at 93-99 % of its core at 17-20k req/s of 3 KB answers, and its own queueing
// then showed up in the latencies it reported.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkRequest {
  method: 'GET' | 'POST';
  path: string;
  /** JSON body (POST). */
  body?: string;
}

export interface WrkResult {
  requests: number;
  rps: number;
  /** Latency percentiles in milliseconds (two decimals). */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Connect, read, write and timeout errors, and answers with a status of 400 or more. */
  errors: number;
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

// Requests are read from a file (method, path, body, tab-separated), formatted once, and sent in order,
// starting at the offset given after `--`; done() prints the figures as one JSON line.
const SCRIPT = `
local reqs = {}
local n = 0
local i = 0
init = function(args)
  for line in io.lines(args[1]) do
    local method, path, body = line:match("^(%u+)\\t([^\\t]+)\\t?(.*)$")
    n = n + 1
    if body ~= nil and body ~= "" then
      reqs[n] = wrk.format(method, path, { ["content-type"] = "application/json" }, body)
    else
      reqs[n] = wrk.format(method, path)
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
 * from `offset`, and returns its figures.
 */
export async function runWrk(opts: { base: string; connections: number; seconds: number; requests: WrkRequest[]; offset?: number; core?: number }): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'reelhouse-wrk-'));
  try {
    const script = join(dir, 'requests.lua');
    const list = join(dir, 'requests.tsv');
    writeFileSync(script, SCRIPT);
    writeFileSync(list, `${opts.requests.map((r) => `${r.method}\t${r.path}${r.body ? `\t${r.body}` : ''}`).join('\n')}\n`);
    const args = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '10s', '-s', script, opts.base, '--', list, String(opts.offset ?? 0)];
    const cmd = opts.core === undefined ? 'wrk' : 'taskset';
    const argv = opts.core === undefined ? args : ['-c', String(opts.core), 'wrk', ...args];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    const line = out.split('\n').find((l) => l.startsWith('WRK '));
    if (!line) throw new Error(`wrk printed no figures: ${out}`);
    const r = JSON.parse(line.slice(4)) as { requests: number; duration: number; p50: number; p90: number; p99: number; max: number; errors: number };
    const ms = (us: number) => Math.round(us / 10) / 100;
    return { requests: r.requests, rps: r.requests / (r.duration / 1e6), p50: ms(r.p50), p90: ms(r.p90), p99: ms(r.p99), max: ms(r.max), errors: r.errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
