import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** How often the event-loop delay, heap and RSS are sampled. */
const SAMPLE_INTERVAL_MS = 500;
/** At most one "under pressure" warning in this long, however many requests arrive meanwhile. */
const WARN_EVERY_MS = 60_000;
const MB = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process should get new traffic (/readyz), and the work that must finish before it does. */
    readiness: Readiness;
  }
}

export interface Readiness {
  /**
   * Start-up work that must finish before the process takes traffic (loading the catalogue, say): /readyz
   * answers 503 not_ready with `reason` until the returned function is called.
   */
  waitFor(reason: string): () => void;
  /** Why /readyz answers 503: work still pending (code not_ready) or a limit passed (code under_pressure); null when ready. */
  notReady(): { code: 'not_ready' | 'under_pressure'; message: string } | null;
}

/**
 * Readiness, answered by /readyz (modules/health): start-up work still pending (Readiness.waitFor), and load.
 * Event-loop delay, heap used and resident memory are sampled by @fastify/under-pressure against the limits in
 * config (PRESSURE_*; 0 turns one off). Requests are still served when a limit is passed: /readyz answers 503,
 * so a load balancer sends new traffic to another process, and the log says so once a minute. /healthz
 * ignores both: the process is alive.
 */
export async function registerReadiness(app: FastifyInstance, config: Config): Promise<void> {
  const { PRESSURE_EVENT_LOOP_DELAY_MS: delay, PRESSURE_HEAP_USED_MB: heap, PRESSURE_RSS_MB: rss } = config;
  // The sample under way when the app gets ready measured its start (loading code, building the search index),
  // not its load: readings count from the next one on.
  let countFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', (done) => {
    countFrom = Date.now() + 2 * SAMPLE_INTERVAL_MS;
    done();
  });
  const reason = (): string | null => {
    if (Date.now() < countFrom || !app.isUnderPressure()) return null;
    const { eventLoopDelay, heapUsed, rssBytes } = app.memoryUsage();
    if (delay > 0 && eventLoopDelay > delay) {
      // No timer could run in the whole last sample: under-pressure reports that as Infinity.
      const late = Number.isFinite(eventLoopDelay) ? `${Math.round(eventLoopDelay)} ms` : `over ${SAMPLE_INTERVAL_MS} ms`;
      return `The event loop is ${late} late (limit ${delay} ms).`;
    }
    if (heap > 0 && heapUsed > heap * MB) return `The heap holds ${Math.round(heapUsed / MB)} MB (limit ${heap} MB).`;
    if (rss > 0 && rssBytes > rss * MB) return `The process holds ${Math.round(rssBytes / MB)} MB (limit ${rss} MB).`;
    return 'The server is over one of its limits.';
  };
  let lastWarned = 0;
  await app.register(underPressure, {
    sampleInterval: SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: delay,
    maxHeapUsedBytes: heap * MB,
    maxRssBytes: rss * MB,
    pressureHandler: (req) => {
      if (Date.now() - lastWarned < WARN_EVERY_MS) return;
      const pressure = reason();
      if (!pressure) return;
      lastWarned = Date.now();
      req.log.warn({ pressure }, 'under pressure: /readyz answers 503');
    },
  });
  const pending = new Set<{ reason: string }>();
  const readiness: Readiness = {
    waitFor(reason) {
      const entry = { reason };
      pending.add(entry);
      return () => pending.delete(entry);
    },
    notReady() {
      const first = pending.values().next();
      if (!first.done) return { code: 'not_ready', message: `Starting: ${first.value.reason}.` };
      const pressure = reason();
      return pressure ? { code: 'under_pressure', message: pressure } : null;
    },
  };
  app.decorate('readiness', readiness);
}
