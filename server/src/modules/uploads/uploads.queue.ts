/**
 * At most `concurrency` images processed at once, the others waiting their turn in arrival order, at most `maxWaiting`
 * of them: decoding an image takes a libuv thread (the same few threads file and DNS work uses) and memory for its
 * pixels, so a burst of uploads must queue rather than all decode together. Past the waiting room, `run` throws
 * QueueFullError at once.
 */
export class QueueFullError extends Error {}

export interface WorkQueue {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running now and waiting now (for tests and metrics). */
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else if (waiting.length >= maxWaiting) throw new QueueFullError('too many images waiting');
      // A finishing job hands its slot straight to the first waiting one (running stays the same).
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
