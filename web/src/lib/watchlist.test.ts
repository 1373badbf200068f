import { afterEach, describe, expect, it, vi } from 'vitest';
import { askOnWatchlist } from './watchlist';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A stand-in server: answers /api/watchlist/contains with the asked ids found in `onList`. */
function stubContains(onList: Set<string>) {
  const asked: string[][] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/watchlist/contains');
    const { titleIds } = JSON.parse(String(init.body)) as { titleIds: string[] };
    asked.push(titleIds);
    return new Response(JSON.stringify({ data: { titleIds: titleIds.filter((id) => onList.has(id)) } }), { status: 200 });
  });
  return asked;
}

describe('askOnWatchlist', () => {
  it('asks once for the cards drawn together and answers each', async () => {
    const asked = stubContains(new Set(['tt2']));
    const answers = await Promise.all(['tt1', 'tt2', 'tt3'].map(askOnWatchlist));
    expect(answers).toEqual([false, true, false]);
    expect(asked).toEqual([['tt1', 'tt2', 'tt3']]);
  });

  it('asks for at most 100 titles at once', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => `tt${i}`);
    const asked = stubContains(new Set(['tt0', 'tt149']));
    const answers = await Promise.all(ids.map(askOnWatchlist));
    expect(asked.map((a) => a.length)).toEqual([100, 50]);
    expect(answers.filter(Boolean)).toHaveLength(2);
    expect(answers[149]).toBe(true);
  });
});
