import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_INPUT_MAX } from '../../../../common/contracts/titles.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { upsertTitles } from './titles.repository.ts';

// Title pages answered before routing (lib/kept-answers.ts), over a real socket.
let ctx: TestContext;
let base = '';
const searchText = (p: string, o: string | null) => normalizeText(`${p} ${o ?? ''}`);
const title = { id: 'tt9999970', titleType: 'movie' as const, primaryTitle: 'Kept Picture', startYear: 2018, genres: ['Drama'], popularity: 0.5 };

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(
    ctx.database.db,
    [
      title,
      { ...title, id: 'tt9999971', primaryTitle: 'Kept Neighbour' },
      { ...title, id: 'tt9999973', primaryTitle: 'Built Before Routing', genres: ['Drama', 'War'] },
      { ...title, id: 'tt9999974', primaryTitle: 'Built Before Routing Too', genres: ['Drama', 'War'], popularity: 0.4 },
    ],
    searchText,
  );
  await ctx.app.titles.sync();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => {
  vi.restoreAllMocks();
  await ctx?.close();
});

function comparable(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'x-request-id' && name !== 'date') out[name] = value;
  });
  return out;
}

async function views(id: string): Promise<number> {
  await ctx.app.titles.flushViews();
  const rows = await ctx.database.db.selectFrom('titleActivityDaily').select('count').where('titleId', '=', id).where('kind', '=', 'view').execute();
  return rows.reduce((sum, r) => sum + Number(r.count), 0);
}

describe('kept title pages', () => {
  it('answers a repeated anonymous request before routing, with the same status, headers and body, counting the view', async () => {
    const full = vi.spyOn(ctx.app.titles, 'pageJson');
    // A page is kept from its second request on. On SQLite the first two are built before routing (one
    // synchronous read each), elsewhere they take the full path.
    expect((await fetch(`${base}/api/movies/movie/tt9999970`)).status).toBe(200);
    expect(ctx.app.titles.keptPage('movie', 'tt9999970')).toBeUndefined();
    const first = await fetch(`${base}/api/movies/movie/tt9999970`);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    const fullCalls = ctx.database.sqlite ? 0 : 2;
    expect(full).toHaveBeenCalledTimes(fullCalls);

    const second = await fetch(`${base}/api/movies/movie/tt9999970`, { headers: { 'x-request-id': 'probe-42' } });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(full).toHaveBeenCalledTimes(fullCalls);
    expect(comparable(second)).toEqual(comparable(first));
    expect(second.headers.get('x-request-id')).toBe('probe-42');
    expect(second.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(firstBody).data.title).toBe('Kept Picture');
    expect(await views('tt9999970')).toBe(3);
    full.mockRestore();
  });

  it('sends a page kept in two parts (its own, then the end its genre combination shares) as one body', async () => {
    // Thirteen more popular comedies: the quiet one is outside its combination's top twelve, so its page ends with
    // the combination's shared JSON. Accents make the byte length differ from the length in characters.
    const popular = Array.from({ length: 13 }, (_, i) => ({
      ...title,
      id: `tt99998${String(i).padStart(2, '0')}`,
      primaryTitle: `Popular Comédie ${i}`,
      genres: ['Comedy'],
      popularity: 10 + i,
    }));
    await upsertTitles(ctx.database.db, [...popular, { ...title, id: 'tt9999899', primaryTitle: 'Quiet Comédie', genres: ['Comedy'], popularity: 0.1 }], searchText);
    await ctx.app.titles.sync();
    const path = `${base}/api/movies/movie/tt9999899`;
    const built = await (await fetch(path)).text();
    await fetch(path);
    expect(ctx.app.titles.keptPage('movie', 'tt9999899')).toHaveLength(2);
    const kept = await fetch(path);
    const body = await kept.text();
    expect(body).toBe(built);
    expect(kept.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    const page = JSON.parse(body).data;
    expect(page.title).toBe('Quiet Comédie');
    expect(page.similar.map((c: { id: string }) => c.id)).toEqual(popular.map((p) => p.id).reverse().slice(0, 12));
  });

  it("keeps the pages of titles among their own similar titles in two parts too, each without itself", async () => {
    // Fourteen thrillers: the twelve most popular are each among their own combination's similar titles.
    const thrillers = Array.from({ length: 14 }, (_, i) => ({
      ...title,
      id: `tt99997${String(i).padStart(2, '0')}`,
      primaryTitle: `Thriller Nº ${i}`,
      genres: ['Thriller'],
      popularity: 50 - i,
    }));
    await upsertTitles(ctx.database.db, thrillers, searchText);
    await ctx.app.titles.sync();
    const ids = thrillers.map((t) => t.id);
    for (const at of [0, 5, 11, 12]) {
      const path = `${base}/api/movies/movie/${ids[at]}`;
      const built = await (await fetch(path)).text();
      await fetch(path);
      expect(ctx.app.titles.keptPage('movie', ids[at])).toHaveLength(2);
      const kept = await fetch(path);
      const body = await kept.text();
      expect(body).toBe(built);
      expect(kept.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      const page = JSON.parse(body).data;
      expect(page.title).toBe(`Thriller Nº ${at}`);
      const others = ids.filter((id) => id !== ids[at]).slice(0, 12);
      expect(page.similar.map((c: { id: string }) => c.id)).toEqual(others);
    }
    // The same again through the full stack, from the ends already written.
    const viaFastify = await (await fetch(`${base}/api/movies/movie/${ids[5]}?via=fastify`)).json();
    expect(viaFastify.data.similar.map((c: { id: string }) => c.id)).toEqual(ids.filter((id) => id !== ids[5]).slice(0, 12));
  });

  it('answers requests with credentials too: a title page is the same whoever asks', async () => {
    const path = `${base}/api/movies/movie/tt9999971`;
    await fetch(path);
    const anonymous = await fetch(path);
    const anonymousBody = await anonymous.text();
    const full = vi.spyOn(ctx.app.titles, 'pageJson');
    const before = await views('tt9999971');
    const credentials: Record<string, string>[] = [{ cookie: 'theme=dark' }, { cookie: 'idToken=abcdefghijklmnopqrstuvwxyz012345.sig' }, { authorization: 'Bearer not-a-real-token-at-all' }];
    for (const headers of credentials) {
      const res = await fetch(path, { headers });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(anonymousBody);
      expect(comparable(res)).toEqual(comparable(anonymous));
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(full).toHaveBeenCalledTimes(0);
    expect(await views('tt9999971')).toBe(before + 3);
    full.mockRestore();
  });

  it('leaves requests with a query, another method or another type to the full stack', async () => {
    await fetch(`${base}/api/movies/movie/tt9999971`);
    await fetch(`${base}/api/movies/movie/tt9999971`);
    const full = vi.spyOn(ctx.app.titles, 'pageJson');
    await fetch(`${base}/api/movies/movie/tt9999971?from=search`);
    await fetch(`${base}/api/movies/movie/tt9999971?from=list`, { headers: { cookie: 'theme=dark' } });
    expect((await fetch(`${base}/api/movies/movie/tt9999971`, { method: 'HEAD' })).status).toBe(200);
    expect(full).toHaveBeenCalledTimes(3);
    // A kept movie page is not a TV page: the full stack answers 404.
    const wrongType = await fetch(`${base}/api/movies/tvSeries/tt9999971`);
    expect(wrongType.status).toBe(404);
    expect((await wrongType.json()).error.code).toBe('title_not_found');
    full.mockRestore();
  });

  it('on SQLite, builds a page asked for the first time before routing, byte for byte as the full stack', async () => {
    const full = vi.spyOn(ctx.app.titles, 'pageJson');
    const before = await views('tt9999974');
    // The first page of a genre combination, which lists the combination's similar titles: on SQLite it is
    // built before routing too (synchronous reads), elsewhere it takes the full path.
    expect((await fetch(`${base}/api/movies/movie/tt9999973`)).status).toBe(200);
    expect(full).toHaveBeenCalledTimes(ctx.database.sqlite ? 0 : 1);
    // Another title of the combination, never asked for.
    const now = await fetch(`${base}/api/movies/movie/tt9999974`);
    const nowBody = await now.text();
    expect(now.status).toBe(200);
    expect(full).toHaveBeenCalledTimes(ctx.database.sqlite ? 0 : 2);
    // The full stack's answer for the same page (a query sends the request through Fastify).
    const viaFastify = await fetch(`${base}/api/movies/movie/tt9999974?via=fastify`);
    expect(await viaFastify.text()).toBe(nowBody);
    expect(comparable(now)).toEqual(comparable(viaFastify));
    expect(JSON.parse(nowBody).data).toMatchObject({ id: 'tt9999974', title: 'Built Before Routing Too', genres: ['Drama', 'War'] });
    expect(JSON.parse(nowBody).data.similar.map((s: { id: string }) => s.id)).toContain('tt9999973');
    expect(await views('tt9999974')).toBe(before + 2);
    // Unknown titles and the wrong type still get the full stack's 404.
    const missing = await fetch(`${base}/api/movies/movie/tt9999979`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${base}/api/movies/tvSeries/tt9999974`)).status).toBe(404);
    full.mockRestore();
  });

  it("leaves a page to the full stack when the search index does not hold a similar title's card", async () => {
    // On SQLite, a title whose text holds the index's field separator is not held as a card: the database has
    // it. (PostgreSQL cannot store that character; there every page takes the full path.)
    const odd = ctx.database.sqlite ? 'Odd\u0000Western' : 'Odd Western';
    await upsertTitles(
      ctx.database.db,
      [
        { ...title, id: 'tt9999960', primaryTitle: odd, genres: ['Western'], popularity: 9 },
        { ...title, id: 'tt9999961', primaryTitle: 'Plain Western', genres: ['Western'], popularity: 1 },
      ],
      searchText,
    );
    await ctx.app.titles.sync();
    const full = vi.spyOn(ctx.app.titles, 'pageJson');
    const res = await fetch(`${base}/api/movies/movie/tt9999961`);
    expect(res.status).toBe(200);
    expect(full).toHaveBeenCalledTimes(1);
    expect((await res.json()).data.similar.map((s: { id: string; title: string }) => [s.id, s.title])).toEqual([['tt9999960', odd]]);
    full.mockRestore();
  });

  it('stops answering a page once the catalogue changes', async () => {
    await fetch(`${base}/api/movies/movie/tt9999970`);
    await upsertTitles(ctx.database.db, [{ ...title, primaryTitle: 'Kept Picture Restored' }], searchText);
    await ctx.app.titles.sync();
    const res = await fetch(`${base}/api/movies/movie/tt9999970`);
    expect((await res.json()).data.title).toBe('Kept Picture Restored');
  });
});

describe('kept home sections', () => {
  it('answers the carousel and weekly popular lists before routing once built, byte for byte as the full stack', async () => {
    for (const path of ['/api/home/carousel', '/api/home/weekly-popular-movies', '/api/home/weekly-popular-shows']) {
      const full = vi.spyOn(ctx.app.titles, path.endsWith('carousel') ? 'carousel' : 'weeklyPopular');
      expect(ctx.app.titles.keptHome(path)).toBeUndefined();
      const first = await fetch(`${base}${path}`);
      const firstBody = await first.text();
      expect(first.status).toBe(200);
      expect(full).toHaveBeenCalledTimes(1);
      const second = await fetch(`${base}${path}`, { headers: { 'x-request-id': 'home-7' } });
      expect(second.status).toBe(200);
      expect(await second.text()).toBe(firstBody);
      expect(full).toHaveBeenCalledTimes(1);
      expect(comparable(second)).toEqual(comparable(first));
      expect(second.headers.get('x-request-id')).toBe('home-7');
      full.mockRestore();
    }
    expect(JSON.parse(ctx.app.titles.keptHome('/api/home/weekly-popular-movies') ?? '{}').data.map((t: { id: string }) => t.id)).toContain('tt9999970');
  });

  it('past its minute, keeps answering before routing with the last answer while one read loads the next', async () => {
    const path = '/api/home/weekly-popular-movies';
    const before = await (await fetch(`${base}${path}`)).text();
    expect(ctx.app.titles.keptHome(path)).toBe(before);
    // The next ranking's read waits until released, as a heavy read on a busy server does.
    const read = ctx.database.readHeavy.bind(ctx.database);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const heavy = vi.spyOn(ctx.database, 'readHeavy').mockImplementation((query) => gate.then(() => read(query)));
    const stack = vi.spyOn(ctx.app.titles, 'weeklyPopular');
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      const stale = [];
      for (let i = 0; i < 4; i++) stale.push(await (await fetch(`${base}${path}`)).text());
      for (const body of stale) expect(body).toBe(before);
      // One reload, started from before routing (the spy counts that call); no request went to the route.
      expect(stack).toHaveBeenCalledTimes(1);
      expect(heavy).toHaveBeenCalledTimes(1);
      release();
      await stack.mock.results[0].value;
      // Loaded: a new minute begins, answered before routing with no other read.
      const after = await Promise.all(Array.from({ length: 3 }, () => fetch(`${base}${path}`).then((r) => r.text())));
      for (const body of after) expect(JSON.parse(body).data).toEqual(JSON.parse(before).data);
      expect(ctx.app.titles.keptHome(path)).toBe(after[0]);
      expect(stack).toHaveBeenCalledTimes(1);
      expect(heavy).toHaveBeenCalledTimes(1);
    } finally {
      release();
      now.mockRestore();
      heavy.mockRestore();
      stack.mockRestore();
    }
  });

  it('answers credentials too, and leaves a query and changed catalogues to the full stack', async () => {
    const kept = await (await fetch(`${base}/api/home/weekly-popular-movies`)).text();
    const full = vi.spyOn(ctx.app.titles, 'weeklyPopular');
    const signedIn = await fetch(`${base}/api/home/weekly-popular-movies`, { headers: { cookie: 'idToken=abcdefghijklmnopqrstuvwxyz012345.sig' } });
    expect(await signedIn.text()).toBe(kept);
    expect(full).toHaveBeenCalledTimes(0);
    expect((await fetch(`${base}/api/home/weekly-popular-movies?limit=1`)).status).toBe(200);
    expect(full).toHaveBeenCalledTimes(1);
    const bad = await fetch(`${base}/api/home/weekly-popular-movies?limit=0`);
    expect(bad.status).toBe(400);
    expect(full).toHaveBeenCalledTimes(1);
    full.mockRestore();
    await upsertTitles(ctx.database.db, [{ ...title, id: 'tt9999972', primaryTitle: 'Kept Newcomer', popularity: 99 }], searchText);
    await ctx.app.titles.sync();
    expect(ctx.app.titles.keptHome('/api/home/weekly-popular-movies')).toBeUndefined();
    const fresh = await (await fetch(`${base}/api/home/weekly-popular-movies`)).json();
    expect(fresh.data.map((t: { id: string }) => t.id)).toContain('tt9999972');
  });
});

describe('kept search suggestions', () => {
  const search = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/movies/search`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('answers a search-box request before routing, byte for byte as the full stack', async () => {
    const full = vi.spyOn(ctx.app.titles, 'suggest');
    for (const body of ['{"input":"kept picture","titleType":null}', '{"input":"kept","titleType":"movie"}', '{"titleType":"tvSeries","input":"kept"}', '{"input":"  "}', '{}']) {
      const early = await search(body, { 'x-request-id': 'search-1' });
      const earlyBody = await early.text();
      expect(early.status).toBe(200);
      expect(full).toHaveBeenCalledTimes(0);
      expect(early.headers.get('x-request-id')).toBe('search-1');
      // The full stack's answer for the same request: a key the schema drops sends it through Fastify.
      const viaFastify = await search(body.replace(/^\{/, body === '{}' ? '{"via":"fastify"' : '{"via":"fastify",'));
      expect(await viaFastify.text()).toBe(earlyBody);
      expect(comparable(early)).toEqual(comparable(viaFastify));
      expect(full).toHaveBeenCalledTimes(1);
      full.mockClear();
    }
    const res = await search('{"input":"kept picture","titleType":null}', { 'content-type': 'application/json; charset=utf-8' });
    expect((await res.json()).data[0]).toMatchObject({ id: 'tt9999970', title: expect.stringContaining('Kept Picture') });
    expect(full).toHaveBeenCalledTimes(0);
    full.mockRestore();
  });

  it('answers people signed in too: the suggestions are the same whoever asks', async () => {
    const body = '{"input":"kept picture","titleType":null}';
    const anonymous = await (await search(body)).text();
    const full = vi.spyOn(ctx.app.titles, 'suggest');
    const withCookie = await search(body, { cookie: 'idToken=abcdefghijklmnopqrstuvwxyz012345.sig' });
    const withBearer = await search(body, { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz012345' });
    expect(withCookie.status).toBe(200);
    expect(await withCookie.text()).toBe(anonymous);
    expect(await withBearer.text()).toBe(anonymous);
    expect(full).toHaveBeenCalledTimes(0);
    full.mockRestore();
  });

  it('hands every body it does not take as it is to the route, which reads it and answers as usual', async () => {
    const full = vi.spyOn(ctx.app.titles, 'suggest');
    // The longest input the schema takes is answered here; one more character is the route's 400, naming the field.
    expect((await search(JSON.stringify({ input: 'x'.repeat(SEARCH_INPUT_MAX) }))).status).toBe(200);
    const long = await search(JSON.stringify({ input: 'x'.repeat(SEARCH_INPUT_MAX + 1) }));
    expect(long.status).toBe(400);
    expect((await long.json()).error.message).toContain('input');
    const badType = await search('{"input":"kept","titleType":"book"}');
    expect(badType.status).toBe(400);
    expect((await badType.json()).error.message).toContain('titleType');
    expect((await search('{"input":42}')).status).toBe(400);
    expect((await search('[1,2]')).status).toBe(400);
    expect((await search('{"input":"kept"')).status).toBe(400);
    expect((await search('{"__proto__":{"input":"x"}}')).status).toBe(400);
    expect(full).toHaveBeenCalledTimes(0);
    // Taken by the schema but not read here (a key the schema drops): the route answers, from the replayed body.
    const extra = await search('{"input":"kept picture","page":2}');
    expect(extra.status).toBe(200);
    expect((await extra.json()).data[0].id).toBe('tt9999970');
    expect(full).toHaveBeenCalledTimes(1);
    // A body over the size read before routing goes to the route unread.
    const padded = await search(`{"input":"kept picture"${' '.repeat(5000)}}`);
    expect(padded.status).toBe(200);
    expect((await padded.json()).data[0].id).toBe('tt9999970');
    expect(full).toHaveBeenCalledTimes(2);
    full.mockRestore();
  });

  it('reads a body that arrives in parts, and survives a client that leaves mid-body', async () => {
    const { port } = new URL(base);
    const raw = (parts: string[], end: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let got = '';
        socket.on('data', (d) => {
          got += d.toString();
        });
        socket.on('end', () => resolve(got));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
        socket.on('connect', async () => {
          for (const part of parts) {
            socket.write(part);
            await new Promise((r) => setTimeout(r, 20));
          }
          if (!end) socket.destroy();
        });
      });
    const body = '{"input":"kept picture"}';
    const head = `POST /api/movies/search HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`;
    const answer = await raw([head, body.slice(0, 9), body.slice(9)], true);
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(answer).toContain('"id":"tt9999970"');
    expect(await raw([head, body.slice(0, 9)], false)).toBe('');
    expect((await search(body)).status).toBe(200);
  });
});

describe("the empty search box's lists", () => {
  it('answers popular searches, movies and shows before routing once cached, byte for byte as the full stack', async () => {
    for (const path of ['/api/movies/popular-searches', '/api/movies/popular-movies', '/api/movies/popular-shows']) {
      // The first request goes through Fastify, which caches the list.
      const first = await fetch(`${base}${path}`);
      const firstBody = await first.text();
      expect(first.status, path).toBe(200);
      const spy = vi.spyOn(ctx.app.titles, path.endsWith('searches') ? 'popularSearches' : 'popular');
      const early = await fetch(`${base}${path}`, { headers: { cookie: 'theme=dark' } });
      expect(await early.text(), path).toBe(firstBody);
      expect(comparable(early)).toEqual(comparable(first));
      expect(spy, path).toHaveBeenCalledTimes(0);
      // A query sends it through Fastify: the same list.
      expect(await (await fetch(`${base}${path}?via=fastify`)).text()).toBe(firstBody);
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockRestore();
    }
    expect(JSON.parse(await (await fetch(`${base}/api/movies/popular-movies`)).text()).data.length).toBeGreaterThan(0);
    // Other paths under /api/movies/popular- are the full stack's 404.
    expect((await fetch(`${base}/api/movies/popular-people`)).status).toBe(404);
  });
});

describe('kept search pages', () => {
  it('answers the /search page before routing when its query is written plainly, byte for byte as the full stack', async () => {
    const full = vi.spyOn(ctx.app.titles, 'searchPage');
    const queries = ['q=kept+picture', 'q=kept%20picture&type=movie&page=1', 'type=&q=Kept&page=', 'q=k%C3%A9pt', 'page=2&q=kept', 'q=', ''];
    for (const query of queries) {
      const path = query === '' ? '/api/search' : `/api/search?${query}`;
      const early = await fetch(`${base}${path}`, { headers: { 'x-request-id': 'page-1' } });
      const earlyBody = await early.text();
      expect(early.status, path).toBe(200);
      expect(full, path).toHaveBeenCalledTimes(0);
      expect(early.headers.get('x-request-id')).toBe('page-1');
      // The full stack's answer for the same request: a key the schema drops sends it through Fastify.
      const viaFastify = await fetch(`${base}/api/search?${query}${query === '' ? '' : '&'}via=fastify`);
      expect(await viaFastify.text(), path).toBe(earlyBody);
      expect(comparable(early)).toEqual(comparable(viaFastify));
      expect(full).toHaveBeenCalledTimes(1);
      full.mockClear();
    }
    const first = await (await fetch(`${base}/api/search?q=kept+picture`)).json();
    expect(first.data.results[0]).toMatchObject({ id: 'tt9999970' });
    full.mockRestore();
  });

  it('leaves every query it does not read plainly to the route, which validates it and answers as usual', async () => {
    const full = vi.spyOn(ctx.app.titles, 'searchPage');
    const cases: [string, number][] = [
      ['q=a&q=b', 400],
      ['q=kept&type=book', 400],
      ['q=kept&page=51', 400],
      ['q=kept&page=0', 400],
      ['q=kept&page=02', 200],
      ['q=kept&&page=1', 200],
      ['q=%E0%A4%A', 200],
      [`q=${'x'.repeat(SEARCH_INPUT_MAX + 1)}`, 400],
      ['%71=kept', 200],
    ];
    for (const [query, status] of cases) {
      const res = await fetch(`${base}/api/search?${query}`);
      expect(res.status, query).toBe(status);
      if (status === 400) expect((await res.json()).error.message, query).toMatch(/q|type|page/);
    }
    expect(full).toHaveBeenCalledTimes(cases.filter(([, status]) => status === 200).length);
    full.mockRestore();
  });
});

describe('the HTTP front', () => {
  /** One request on a new connection: the answer's status line and headers (without Date and x-request-id), and body. */
  function once(request: string): Promise<{ head: string[]; body: string }> {
    const { port } = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let got = Buffer.alloc(0);
      socket.on('data', (d: Buffer) => {
        got = Buffer.concat([got, d]);
        const end = got.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = got.subarray(0, end).toString('latin1').split('\r\n');
        const length = Number(head.find((l) => l.toLowerCase().startsWith('content-length:'))?.split(':')[1]);
        if (got.length < end + 4 + length) return;
        socket.destroy();
        resolve({
          head: head.filter((l) => !/^(date|x-request-id):/i.test(l)),
          body: got.subarray(end + 4, end + 4 + length).toString(),
        });
      });
      socket.on('error', reject);
      socket.on('connect', () => socket.write(request));
    });
  }

  it('answers title pages, home sections and suggestions on a new connection itself, byte for byte as the full stack', async () => {
    const body = '{"input":"kept picture","titleType":null}';
    const post = (b: string) =>
      `POST /api/movies/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`;
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: theme=dark\r\n\r\n`;
    // Kept: asked for twice before (on PostgreSQL a page is not built before routing).
    for (const path of ['/api/movies/movie/tt9999970', '/api/home/carousel']) {
      await fetch(`${base}${path}`);
      await fetch(`${base}${path}`);
    }
    const cases: [string, string][] = [
      // What the front answers, and the same request sent through Fastify (a query, or a key the schema drops).
      [get('/api/movies/movie/tt9999970'), get('/api/movies/movie/tt9999970?via=fastify')],
      [get('/api/home/carousel'), get('/api/home/carousel?via=fastify')],
      [get('/api/search?q=kept+picture'), get('/api/search?q=kept+picture&via=fastify')],
      [post(body), post(body.replace('{', '{"via":"fastify",'))],
    ];
    for (const [direct, viaFastify] of cases) {
      const before = ctx.app.httpFrontStats();
      const front = await once(direct);
      const after = ctx.app.httpFrontStats();
      expect(after.answered, direct).toBe(before.answered + 1);
      const full = await once(viaFastify);
      expect(ctx.app.httpFrontStats().handedOver).toBe(after.handedOver + 1);
      expect(front.head[0]).toBe('HTTP/1.1 200 OK');
      expect(front).toEqual(full);
    }
  });
});
