import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { listsApi, movieId, POSTERLESS_MOVIE, seedListTitles } from './lists.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof listsApi>;
let owner: Awaited<ReturnType<typeof buildUser>>;

const PLAIN_INDEX = '<!doctype html><title>Reelhouse</title><div id="root"></div>';

beforeAll(async () => {
  ctx = await createTestApp();
  api = listsApi(ctx);
  await seedListTitles(ctx);
  owner = await buildUser(ctx, { displayName: 'Ada "Quotes" Owner' });
});
afterAll(async () => {
  await ctx?.close();
});

const page = (id: string) => ctx.app.inject({ method: 'GET', url: `/lists/${id}/view` });
const metaOf = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe('GET /lists/{listId}/view', () => {
  it("carries a public list's Open Graph tags in the HTML, escaped", async () => {
    const id = await api.make(owner.headers, {
      name: 'Best <script>alert(1)</script> & "friends"',
      description: "Films to watch when it's raining.",
      contentList: [{ titleId: POSTERLESS_MOVIE.id }, { titleId: movieId(7) }, { titleId: movieId(8) }],
    });
    const res = await page(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(metaOf(html, 'og:title')).toBe('Best &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;friends&#34;');
    expect(metaOf(html, 'og:description')).toBe('Films to watch when it&#39;s raining.');
    // The first poster: the film at the top has none.
    expect(metaOf(html, 'og:image')).toBe('https://img.example/film-7.jpg');
    expect(metaOf(html, 'og:url')).toBe(`${ctx.config.appUrl}/lists/${id}/view`);
    expect(html).toContain('<title>Best &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;friends&#34; · Reelhouse</title>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('describes a list without a description by its size and owner, and leaves og:image out without posters', async () => {
    const id = await api.make(owner.headers, { name: 'Shows', type: 'tvSeries', contentList: [{ titleId: 'tt960001' }, { titleId: 'tt960002' }] });
    const html = (await page(id)).body;
    expect(metaOf(html, 'og:description')).toBe('A list of 2 titles by Ada &#34;Quotes&#34; Owner on Reelhouse.');
    expect(metaOf(html, 'og:image')).toBeUndefined();
  });

  it('sends plain index.html for a private list, a missing list and a malformed id', async () => {
    const id = await api.make(owner.headers, { name: 'Secret list', visibility: 'private' });
    for (const res of [await page(id), await page('00000000-0000-4000-8000-000000000000'), await page('not-a-list')]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PLAIN_INDEX);
      expect(res.body).not.toContain('og:');
    }
  });

  it('stops carrying the tags once the list is made private', async () => {
    const id = await api.make(owner.headers, { name: 'Going dark' });
    expect(metaOf((await page(id)).body, 'og:title')).toBe('Going dark');
    await api.edit(id, { name: 'Going dark', visibility: 'private', contentList: [] }, owner.headers);
    expect((await page(id)).body).toBe(PLAIN_INDEX);
  });
});
