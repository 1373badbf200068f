import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LevelProgressSchema, LevelRulesSchema } from '../../../../common/contracts/levels.ts';
import { insertFans } from '../../../test/fans.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { communitiesApi } from '../communities/communities.test-fixtures.ts';
import { type NewTitle, upsertTitles } from '../titles/titles.repository.ts';
import { imageForm, makeImage } from '../uploads/uploads.test-fixtures.ts';

let ctx: TestContext;
type Headers = Record<string, string>;

const movie = (i: number) => `tt95${String(i).padStart(5, '0')}`;
const show = (i: number) => `tt96${String(i).padStart(5, '0')}`;
const MOVIES = 110;
const title = (id: string, type: 'movie' | 'tvSeries'): NewTitle => ({
  id,
  titleType: type,
  primaryTitle: `Title ${id}`,
  startYear: 2001,
  releaseDate: '2001-05-04',
  genres: ['Drama'],
  popularity: 1,
});
const ONBOARDING = {
  favouriteGenres: ['Drama'],
  topMovies: [1, 2, 3, 4, 5].map(movie),
  topShows: [1, 2, 3, 4, 5].map(show),
};
/** Stands for "this fan's own uploaded picture": setProfile uploads one for them and sends its address. */
const PICTURE = Symbol('picture');
const REWARDS = { apprentice: 0, enthusiast: 0, buff: 10, addict: 25, fanatic: 40, fiend: 50, aficionado: 75, cinephile: 125, connoisseur: 175, virtuoso: 250, savant: 1000 };
const ALL_GEMS = Object.values(REWARDS).reduce((a, b) => a + b, 0);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const me = async (headers: Headers) => {
  const res = await call('GET', '/api/user/me', headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as { gems: number; level: unknown };
};
const levelOf = async (headers: Headers) => LevelProgressSchema.parse((await me(headers)).level);
const pictures = new Map<string, string>();
async function ownPicture(headers: Headers): Promise<string> {
  const key = JSON.stringify(headers);
  const known = pictures.get(key);
  if (known) return known;
  const form = imageForm(await makeImage('png'), { purpose: 'profile' });
  const up = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', headers: { ...headers, ...form.headers }, payload: form.payload });
  expect(up.statusCode).toBe(201);
  pictures.set(key, up.json().data.url);
  return up.json().data.url;
}
const setProfile = async (headers: Headers, body: Record<string, unknown>) =>
  call('POST', '/api/user/setProfile', headers, {
    displayName: 'Level Fan',
    ...body,
    ...(body.imageUrl === PICTURE ? { imageUrl: await ownPicture(headers) } : {}),
  });
const rate = (headers: Headers, titleId: string, review?: string) =>
  call('POST', '/api/ratings-and-reviews/create', headers, { titleId, rating: 7, ...(review ? { review } : {}) });

async function reachedLevels(userId: string) {
  return ctx.database.db.selectFrom('userLevels').select(['level', 'rank']).where('userId', '=', userId).orderBy('rank').execute();
}
async function ledger(userId: string) {
  return ctx.database.db.selectFrom('gemTransactions').select(['amount', 'reason', 'key', 'description']).where('userId', '=', userId).execute();
}
async function balance(userId: string) {
  const row = await ctx.database.db.selectFrom('gemBalances').select('balance').where('userId', '=', userId).executeTakeFirst();
  return Number(row?.balance ?? 0);
}
async function levelNotifications(userId: string) {
  return ctx.database.db.selectFrom('notifications').select(['targetId']).where('userId', '=', userId).where('kind', '=', 'level_reached').execute();
}

let admin: Headers;
let communities: string[];
let othersDiscussion: string;

/** Errors the app logged (a failed level check is logged, never answered): none may occur. */
const logged: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      logger: {
        level: 'error',
        stream: {
          write: (line: string) => {
            logged.push(line);
          },
        },
      },
    },
  );
  await upsertTitles(
    ctx.database.db,
    [...Array.from({ length: MOVIES }, (_, i) => title(movie(i + 1), 'movie')), ...Array.from({ length: 5 }, (_, i) => title(show(i + 1), 'tvSeries'))],
    (p, o) => normalizeText(`${p} ${o ?? ''}`),
  );
  const [a] = await insertFans(ctx, 1, 'Admin');
  admin = a.headers;
  const api = communitiesApi(ctx);
  communities = [];
  for (let i = 0; i < 12; i++) communities.push(await api.createOk({ name: `Level Club ${i}`, isPublic: true }, admin));
  othersDiscussion = await api.discussionOk(communities[0], { title: 'Favourite endings' }, admin);
});
afterAll(async () => {
  await ctx?.close();
});

describe('levels', () => {
  it('lists the eleven levels in order with their rewards and needs, to anyone', async () => {
    const res = await call('GET', '/api/levels');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=3600/);
    const ladder = LevelRulesSchema.parse(res.json().data);
    expect(ladder.map((l) => [l.id, l.rank, l.reward])).toEqual(Object.entries(REWARDS).map(([id, reward], i) => [id, i + 1, reward]));
    expect(ladder[0]).toMatchObject({ name: 'Reel Apprentice', needs: ['Choose your favourite genres', 'Pick your top 5 movies', 'Pick your top 5 shows'] });
    expect(ladder[10]).toMatchObject({ name: 'Reel Savant', needs: ['Start 20 discussions', 'Rate 100 titles'] });
    expect(ladder.every((l) => l.needs.length > 0)).toBe(true);
  });
  it('starts below Reel Apprentice and says what onboarding still needs', async () => {
    const [fan] = await insertFans(ctx, 1);
    const level = await levelOf(fan.headers);
    expect(level.current).toBeNull();
    expect(level.next).toMatchObject({ id: 'apprentice', name: 'Reel Apprentice', rank: 1, reward: 0 });
    expect(level.missing).toEqual(['choose your favourite genres', '5 more top movies', '5 more top shows']);
    const partial = await setProfile(fan.headers, { favouriteGenres: ['Drama'], topMovies: [movie(1), movie(2)] });
    expect(partial.statusCode).toBe(200);
    expect((await levelOf(fan.headers)).missing).toEqual(['3 more top movies', '5 more top shows']);
  });

  it('climbs in order through onboarding, a picture and a bio, crediting each reward once and notifying', async () => {
    const fan = await buildUser(ctx, { displayName: 'Climber' });
    expect((await setProfile(fan.headers, ONBOARDING)).statusCode).toBe(200);
    let level = await levelOf(fan.headers);
    expect(level.current?.name).toBe('Reel Apprentice');
    expect(level).toMatchObject({ next: { name: 'Reel Enthusiast' }, missing: ['add a profile picture'] });
    // A bio before the picture: still a Reel Apprentice (levels come in order).
    await setProfile(fan.headers, { bio: 'I watch everything.' });
    expect((await levelOf(fan.headers)).current?.name).toBe('Reel Apprentice');
    await setProfile(fan.headers, { bio: 'I watch everything.', imageUrl: PICTURE });
    level = await levelOf(fan.headers);
    // The picture made Enthusiast due, and the bio already there made Buff due at once.
    expect(level.current?.name).toBe('Reel Buff');
    expect(level.next?.name).toBe('Reel Addict');
    expect(level.missing).toEqual(['join a discussion', '1 more review']);
    const m = await me(fan.headers);
    expect(m.gems).toBe(10);
    expect((await reachedLevels(fan.user.id)).map((r) => r.level)).toEqual(['apprentice', 'enthusiast', 'buff']);
    const rows = await ledger(fan.user.id);
    expect(rows.map((r) => [r.key, Number(r.amount), r.description]).sort()).toEqual(
      [
        [`level:${fan.user.id}:apprentice`, 0, 'Reached Reel Apprentice'],
        [`level:${fan.user.id}:buff`, 10, 'Reached Reel Buff'],
        [`level:${fan.user.id}:enthusiast`, 0, 'Reached Reel Enthusiast'],
      ].sort(),
    );
    const notes = await call('GET', '/api/notifications', fan.headers);
    const texts = notes.json().data.results.filter((n: { kind: string }) => n.kind === 'level_reached');
    expect(texts.map((n: { targetId: string }) => n.targetId).sort()).toEqual(['apprentice', 'buff', 'enthusiast']);
    expect(texts.map((n: { text: string }) => n.text).sort()).toEqual(['You reached Reel Apprentice', 'You reached Reel Buff', 'You reached Reel Enthusiast']);
    // The same profile again changes nothing.
    await setProfile(fan.headers, { ...ONBOARDING, bio: 'I watch everything.', imageUrl: PICTURE });
    expect(await ledger(fan.user.id)).toHaveLength(3);
    expect((await me(fan.headers)).gems).toBe(10);
  });

  it('keeps a person with 50 ratings but no onboarding below Reel Apprentice', async () => {
    const [fan] = await insertFans(ctx, 1);
    for (let i = 1; i <= 12; i++) expect((await rate(fan.headers, movie(i), `Review ${i}`)).statusCode).toBe(201);
    const level = await levelOf(fan.headers);
    expect(level.current).toBeNull();
    expect(await reachedLevels(fan.user.id)).toEqual([]);
    expect(await balance(fan.user.id)).toBe(0);
  });

  it('counts reviews and ratings, keeps levels when ratings are undone, and credits once when they are redone', async () => {
    const fan = await buildUser(ctx, { displayName: 'Rater' });
    await setProfile(fan.headers, { ...ONBOARDING, bio: 'Hi', imageUrl: PICTURE });
    const api = communitiesApi(ctx);
    await api.commentOk(communities[0], othersDiscussion, { text: 'Mine too' }, fan.headers);
    expect((await levelOf(fan.headers)).missing).toEqual(['1 more review']);
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await rate(fan.headers, movie(i), i === 1 ? 'Loved it' : undefined);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    let level = await levelOf(fan.headers);
    expect(level.current?.name).toBe('Reel Addict');
    expect(level).toMatchObject({ next: { name: 'Reel Fanatic', reward: 40 }, missing: ['3 more ratings'] });
    // A review added later by editing counts too.
    for (let i = 8; i <= 10; i++) await rate(fan.headers, movie(i));
    level = await levelOf(fan.headers);
    expect(level.current?.name).toBe('Reel Fanatic');
    expect(level.missing).toEqual(['9 more reviews']);
    const edited = await call('PUT', `/api/ratings-and-reviews/${ids[1]}`, fan.headers, { review: 'Second thoughts' });
    expect(edited.statusCode).toBe(200);
    expect((await levelOf(fan.headers)).missing).toEqual(['8 more reviews']);
    // Undo seven ratings and redo them: the levels stay, their gems are not credited again.
    for (const id of ids) expect((await call('DELETE', `/api/ratings-and-reviews/${id}`, fan.headers)).statusCode).toBe(200);
    // What /api/user/me keeps is dropped by the deletions: the next level's needs are counted again.
    expect(await levelOf(fan.headers)).toMatchObject({ current: { name: 'Reel Fanatic' }, next: { name: 'Reel Fiend' }, missing: ['10 more reviews'] });
    for (let i = 1; i <= 7; i++) expect((await rate(fan.headers, movie(i))).statusCode).toBe(201);
    expect((await reachedLevels(fan.user.id)).map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(await balance(fan.user.id)).toBe(10 + 25 + 40);
    expect((await me(fan.headers)).gems).toBe(75);
  });

  it('awards every level once under 200 concurrent actions, and the balance equals the ledger', async () => {
    const fan = await buildUser(ctx, { displayName: 'Storm' });
    const api = communitiesApi(ctx);
    expect((await api.join(communities[0], fan.user.id, fan.headers)).statusCode).toBe(200);
    const actions: (() => Promise<{ statusCode: number }>)[] = [];
    // 100 ratings with reviews, 20 of them sent twice (a retry answers 409).
    for (let i = 1; i <= 100; i++) actions.push(() => rate(fan.headers, movie(i), `Thoughts on ${i}`));
    for (let i = 1; i <= 20; i++) actions.push(() => rate(fan.headers, movie(i), `Thoughts on ${i}`));
    // 20 discussions started, 20 comments.
    for (let i = 1; i <= 20; i++) actions.push(() => call('POST', `/api/communities/${communities[0]}/discussions`, fan.headers, { title: `Storm topic ${i}` }));
    for (let i = 1; i <= 20; i++)
      actions.push(() => call('POST', `/api/communities/${communities[0]}/discussions/${othersDiscussion}/comments`, fan.headers, { text: `Storm ${i}` }));
    // 10 more communities, each joined twice at once.
    for (let i = 1; i <= 10; i++) for (let k = 0; k < 2; k++) actions.push(() => api.join(communities[i], fan.user.id, fan.headers));
    // The profile set 20 times.
    for (let i = 0; i < 20; i++) actions.push(() => setProfile(fan.headers, { ...ONBOARDING, bio: 'Storm chaser', imageUrl: PICTURE }));
    expect(actions).toHaveLength(200);
    const results = await Promise.all(actions.map((a) => a()));
    for (const res of results) expect([200, 201, 409]).toContain(res.statusCode);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);

    const levels = await reachedLevels(fan.user.id);
    expect(levels.map((l) => l.level)).toEqual(Object.keys(REWARDS));
    const rows = await ledger(fan.user.id);
    const levelRows = rows.filter((r) => r.reason === 'level_reward');
    expect(levelRows).toHaveLength(11);
    expect(new Set(levelRows.map((r) => r.key)).size).toBe(11);
    for (const [id, gems] of Object.entries(REWARDS)) expect(Number(levelRows.find((r) => r.key === `level:${fan.user.id}:${id}`)?.amount)).toBe(gems);
    const sum = rows.reduce((a, r) => a + Number(r.amount), 0);
    expect(sum).toBe(ALL_GEMS);
    expect(await balance(fan.user.id)).toBe(sum);
    expect((await levelNotifications(fan.user.id)).map((n) => n.targetId).sort()).toEqual(Object.keys(REWARDS).sort());
    const level = await levelOf(fan.headers);
    expect(level).toEqual({ current: { id: 'savant', name: 'Reel Savant', rank: 11, reward: 1000 }, next: null, missing: [] });
    expect((await me(fan.headers)).gems).toBe(ALL_GEMS);
    // No level check failed on the way (a deadlock or a conflict would be logged here).
    expect(logged).toEqual([]);
  });

  it('shows the level, the next one and what is missing on the profile, with the real gems and premium status', async () => {
    const fan = await buildUser(ctx, { displayName: 'Profiled' });
    await setProfile(fan.headers, { ...ONBOARDING, bio: 'Hello', imageUrl: PICTURE });
    const [visitor] = await insertFans(ctx, 1, 'Visitor');
    for (const headers of [fan.headers, visitor.headers, undefined]) {
      const res = await call('GET', `/api/user/profile/${fan.user.id}`, headers);
      expect(res.statusCode).toBe(200);
      const profile = res.json().data;
      expect(profile.level).toEqual({
        current: { id: 'buff', name: 'Reel Buff', rank: 3, reward: 10 },
        next: { id: 'addict', name: 'Reel Addict', rank: 4, reward: 25 },
        missing: ['join a discussion', '1 more review'],
      });
      expect(profile.gems).toBe(10);
      expect(profile.premiumStatus).toBe('none');
      expect(profile.badge).toBeNull();
    }
  });
});
