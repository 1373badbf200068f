import type { FastifyInstance } from 'fastify';

export interface WarmUpReport {
  searches: number;
  pages: number;
  ms: number;
}

/**
 * Gets the request paths compiled before the server takes traffic.
 *
 * V8 runs new code in its slower tiers until the code has run many times, and its optimising compiler
 * works on a background thread that competes for the CPU. On a 1,000,000-title catalogue the first
 * three seconds of searches after a start ran at a quarter of the steady rate, with a p99 over a second.
 * So, before listening, this sends the API requests people make most (searches of every kind, the full
 * search page, title pages, the home sections) through the whole Fastify pipeline with `inject`.
 *
 * Nothing stays behind: the titles service counts no view and keeps no answer while it runs, and
 * empties its caches at the end. It stops after `maxMs` whatever it has done.
 */
export async function warmUp(app: FastifyInstance, opts: { searches?: number; maxMs?: number } = {}): Promise<WarmUpReport> {
  const t0 = performance.now();
  const deadline = t0 + (opts.maxMs ?? 5000);
  const plan = app.titles.warmUpPlan(opts.searches ?? 3000);
  let searches = 0;
  let pages = 0;
  await app.titles.warmingUp(async () => {
    for (const [i, input] of plan.searches.entries()) {
      if (performance.now() > deadline) break;
      await app.inject({ method: 'POST', url: '/api/movies/search', payload: { input, titleType: i % 4 === 3 ? 'movie' : null } });
      if (i % 6 === 0) await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(input)}` });
      searches++;
    }
    for (const { type, id } of plan.pages) {
      if (performance.now() > deadline) break;
      await app.inject({ method: 'GET', url: `/api/movies/${type}/${encodeURIComponent(id)}` });
      pages++;
    }
    for (const url of ['/api/home/carousel', '/api/home/weekly-popular-movies', '/api/home/weekly-popular-shows', '/api/movies/popular-searches']) {
      await app.inject({ method: 'GET', url });
    }
  });
  return { searches, pages, ms: Math.round(performance.now() - t0) };
}
