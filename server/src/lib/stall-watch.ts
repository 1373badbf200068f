import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

/**
 * The stall watch: a warning in the log each time the event loop was held for `thresholdMs` or more.
 *
 * Every request waits while the event loop is held, whatever held it: a long request, a garbage collection, a timer's
 * work. A timer that should fire every `intervalMs` measures how late it fires; when it is late by the threshold or
 * more, the warning says by how much, and how much of that time V8's collector paused the thread (from the `gc`
 * performance entries), so a stall is told apart from a slow answer (those are logged on their own with what was
 * asked: see lib/kept-answers.ts). It also says what the process did meanwhile (getrusage, through
 * process.resourceUsage): the CPU time all its threads used (`cpuMs`; far below `heldMs`, the process was not running:
 * the kernel or the VM's host gave its core to something else), how often the kernel took the core from it
 * (`preempted`), and how many of its memory reads waited on the disk (`diskFaults`: the catalogue file is read
 * through a memory map, and a page the kernel had dropped is read again while the thread waits).
 *
 * Its cost is a timer callback and a getrusage call every `intervalMs`, and a performance entry per collection:
 * nothing next to a request.
 */
export interface StallLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface StallWatch {
  stop(): void;
}

const GC_KIND: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'young',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'full',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

export function watchStalls(log: StallLog, thresholdMs: number, intervalMs = Math.max(5, Math.min(100, Math.floor(thresholdMs / 2)))): StallWatch {
  // Collections since the last tick: their total pause and the longest one.
  let gcMs = 0;
  let gcLongest = 0;
  let gcLongestKind = '';
  const count = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      gcMs += entry.duration;
      if (entry.duration > gcLongest) {
        gcLongest = entry.duration;
        const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        gcLongestKind = kind === undefined ? 'unknown' : (GC_KIND[kind] ?? String(kind));
      }
    }
  };
  const observer = new PerformanceObserver((list) => count(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  let usage = process.resourceUsage();
  const report = (heldMs: number, before: NodeJS.ResourceUsage, after: NodeJS.ResourceUsage) => {
    // The collector's entries for a stall are queued on the event loop after it, before this immediate runs.
    count(observer.takeRecords());
    if (heldMs >= thresholdMs) {
      const fields: Record<string, unknown> = {
        heldMs: Math.round(heldMs),
        gcMs: Math.round(gcMs),
        // Over the whole interval in which the hold fell (the hold and the timer's own interval).
        cpuMs: Math.round((after.userCPUTime + after.systemCPUTime - before.userCPUTime - before.systemCPUTime) / 1000),
        preempted: after.involuntaryContextSwitches - before.involuntaryContextSwitches,
        diskFaults: after.majorPageFault - before.majorPageFault,
      };
      if (gcLongest > 0) {
        fields.gcLongestMs = Math.round(gcLongest);
        fields.gcLongestKind = gcLongestKind;
      }
      log.warn(fields, 'event loop held');
    }
    gcMs = 0;
    gcLongest = 0;
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const heldMs = now - last - intervalMs;
    last = now;
    const before = usage;
    usage = process.resourceUsage();
    setImmediate(report, heldMs, before, usage);
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      observer.disconnect();
    },
  };
}
