// What the two load generators share: the request list they read (bench/closed.ts, bench/paced.ts), how they
// are run (a child process, pinned to a core when asked), and the figures they report.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** JSON body (POST). */
  body?: string;
  /** An Authorization header of this request alone (a person's bearer token), besides the run's headers. */
  auth?: string;
}

/** Latency percentiles in milliseconds (two decimals), and failures. */
export interface LatencyFigures {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Connection errors, answers with a status of 400 or more, and requests never answered. */
  errors: number;
}

/** Writes `requests` to a file (one a line: method, path, body, authorization, tab-separated), runs `use(file)`, then removes it. */
export async function withRequestFile<T>(requests: LoadRequest[], use: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'reelhouse-load-'));
  try {
    const file = join(dir, 'requests.tsv');
    writeFileSync(file, `${requests.map((r) => `${r.method}\t${r.path}${r.body || r.auth ? `\t${r.body ?? ''}` : ''}${r.auth ? `\t${r.auth}` : ''}`).join('\n')}\n`);
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The requests of a file written by withRequestFile. */
export function readRequestFile(file: string): LoadRequest[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [method, path, body, auth] = line.split('\t');
      return { method: method as LoadRequest['method'], path, body: body || undefined, auth: auth || undefined };
    });
}

/**
 * The load generators' nice value (BENCH_LOAD_NICE; by default -10 when the benchmark runs as root, else 0), so
 * that whatever else the kernel runs on their core does not hold up their sending.
 */
const LOAD_NICE = Number(process.env.BENCH_LOAD_NICE ?? (process.getuid?.() === 0 ? -10 : 0));

/**
 * Runs a load generator (pinned to `core` with taskset when given) and returns the JSON it printed on the
 * line starting with `marker`.
 */
export async function runForFigures<T>(command: string, args: string[], core: number | undefined, marker: string): Promise<T> {
  let cmd = core === undefined ? command : 'taskset';
  let argv = core === undefined ? args : ['-c', String(core), command, ...args];
  if (LOAD_NICE !== 0) {
    argv = ['-n', String(LOAD_NICE), cmd, ...argv];
    cmd = 'nice';
  }
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${command} exited with ${code}: ${text}`))));
  });
  const line = out.split('\n').find((l) => l.startsWith(`${marker} `));
  if (!line) throw new Error(`${command} printed no figures: ${out}`);
  return JSON.parse(line.slice(marker.length + 1)) as T;
}
