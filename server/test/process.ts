import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port that is free on the loopback interface right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Polls `url` until it answers 2xx; returns the milliseconds it took.
 * Fails when the child process exits first or the time runs out.
 */
export async function waitUntilOk(url: string, child: ChildProcess, timeoutMs = 30_000, describe = () => ''): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} ${describe()}`);
    if (performance.now() - t0 > timeoutMs) throw new Error(`${url} not ready after ${timeoutMs} ms ${describe()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
