import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueFullError } from './uploads.queue.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the image work queue', () => {
  it('runs at most `concurrency` jobs at once, the others in arrival order', async () => {
    const queue = createWorkQueue(2, 10);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let now = 0;
    let most = 0;
    const jobs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        now += 1;
        most = Math.max(most, now);
        await gate.promise;
        now -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.waiting).toBe(3);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('refuses a job past the waiting room at once, and frees its slot after a failing job', async () => {
    const queue = createWorkQueue(1, 1);
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'second');
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    gate.resolve();
    await first;
    expect(await second).toBe('second');
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await queue.run(async () => 'after')).toBe('after');
    expect(queue.running).toBe(0);
  });
});
