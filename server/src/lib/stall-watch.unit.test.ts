import { describe, expect, it } from 'vitest';
import { watchStalls } from './stall-watch.ts';

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the stall watch', () => {
  it('warns when the event loop was held for the threshold or more, with how long and the collector share', async () => {
    const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
    const watch = watchStalls({ warn: (fields, msg) => warnings.push({ fields, msg }) }, 60, 10);
    try {
      await tick(30);
      // Garbage made while the thread is held: young collections fall inside the stall.
      const until = performance.now() + 150;
      let keep: number[][] = [];
      while (performance.now() < until) {
        keep.push(new Array(1000).fill(1));
        if (keep.length > 100) keep = [];
      }
      await tick(40);
      const held = warnings.filter((w) => w.msg === 'event loop held');
      expect(held.length).toBeGreaterThanOrEqual(1);
      const longest = Math.max(...held.map((w) => w.fields.heldMs as number));
      expect(longest).toBeGreaterThanOrEqual(120);
      expect(longest).toBeLessThan(1000);
      expect(typeof held[0].fields.gcMs).toBe('number');
      expect(held.some((w) => (w.fields.gcMs as number) > 0 && typeof w.fields.gcLongestKind === 'string')).toBe(true);
    } finally {
      watch.stop();
    }
  });

  it('tells a hold the process computed through from one in which it did not run', async () => {
    const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
    const watch = watchStalls({ warn: (fields, msg) => warnings.push({ fields, msg }) }, 60, 10);
    try {
      await tick(30);
      // Computing: 150 ms of this process's CPU time, however long the machine takes to give it.
      const start = process.cpuUsage();
      for (;;) {
        const used = process.cpuUsage(start);
        if (used.user + used.system >= 150_000) break;
      }
      await tick(40);
      const beforeSleep = warnings.length;
      // Not running: the thread asleep for 150 ms.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
      await tick(40);
      // The longest hold of each part (a busy machine may add shorter ones).
      const longest = (list: typeof warnings) => list.filter((w) => w.msg === 'event loop held').sort((a, b) => (b.fields.heldMs as number) - (a.fields.heldMs as number))[0]?.fields;
      const computed = longest(warnings.slice(0, beforeSleep));
      const slept = longest(warnings.slice(beforeSleep));
      expect(computed.cpuMs as number).toBeGreaterThanOrEqual(140);
      expect(slept.heldMs as number).toBeGreaterThanOrEqual(140);
      expect(slept.cpuMs as number).toBeLessThan(50);
      for (const fields of [computed, slept]) {
        expect(Number.isInteger(fields.preempted)).toBe(true);
        expect(Number.isInteger(fields.diskFaults)).toBe(true);
      }
    } finally {
      watch.stop();
    }
  });

  it('stays quiet for a shorter hold, and after stop', async () => {
    const warnings: unknown[] = [];
    const watch = watchStalls({ warn: (fields) => warnings.push(fields) }, 1000, 10);
    await tick(20);
    busy(80);
    await tick(30);
    expect(warnings).toEqual([]);
    watch.stop();

    const after: unknown[] = [];
    const stopped = watchStalls({ warn: (fields) => after.push(fields) }, 20, 10);
    stopped.stop();
    busy(100);
    await tick(40);
    expect(after).toEqual([]);
  });
});
