import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../test/fans.ts';
import { buildUser, createTestApp, type TestContext } from '../../test/helpers.ts';
import { setRole } from '../modules/moderation/index.ts';
import { type NewTitle, upsertTitles } from '../modules/titles/titles.repository.ts';
import { normalizeText } from '../search/normalize.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let ana: Person;
let ben: Person;
let cal: Person;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const tick = () => new Promise((r) => setTimeout(r, 3));
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;

const title = (id: string, primaryTitle: string, titleType: 'movie' | 'tvSeries', genres = ['Drama']): NewTitle => ({
  id,
  titleType,
  primaryTitle,
  startYear: 2001,
  releaseDate: '2001-01-01',
  genres,
  popularity: 1,
});
const movies = ['tt9300001', 'tt9300002', 'tt9300003', 'tt9300004', 'tt9300005', 'tt9300006'];
const shows = ['tt9310001', 'tt9310002', 'tt9310003', 'tt9310004', 'tt9310005'];

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(
    ctx.database.db,
    [...movies.map((id, i) => title(id, `Movie ${i + 1}`, 'movie', ['Drama', 'Comedy'])), ...shows.map((id, i) => title(id, `Show ${i + 1}`, 'tvSeries', ['Crime']))],
    (p, o) => normalizeText(`${p} ${o ?? ''}`),
  );
  ana = await buildUser(ctx, { displayName: 'ana lima' });
  ben = await buildUser(ctx, { displayName: 'Ben Other' });
  cal = await buildUser(ctx, { displayName: 'Cal Third' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('profiles', () => {
  it('sets the onboarding fields and answers them on the profile', async () => {
    // A picture Ana uploaded (the upload route's row; the route itself is tested with the uploads).
    await ctx.database.db
      .insertInto('imageUploads')
      .values({ key: 'abcdef0123456789.webp', ownerId: ana.user.id, purpose: 'profile', size: 100, width: 512, height: 512, createdAt: new Date().toISOString() })
      .execute();
    const res = await call('POST', '/api/user/setProfile', ana.headers, {
      displayName: 'ana lima',
      username: 'Ana.Lima',
      country: 'br',
      favouriteGenres: ['Drama', { name: 'Crime' }],
      topMovies: movies.slice(0, 5),
      topShows: shows,
      bio: 'Films at night.',
      imageUrl: '/media/images/abcdef0123456789.webp',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ displayName: 'ana lima', bio: 'Films at night.', onboarded: true });
    const me = await call('GET', '/api/user/profile/me', ana.headers);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    const p = me.json().data;
    expect(p).toMatchObject({
      id: ana.user.id,
      username: 'Ana.Lima',
      displayName: 'Ana Lima',
      imageUrl: '/media/images/abcdef0123456789.webp',
      premiumStatus: 'none',
      // Onboarding, a picture and a bio: Reel Apprentice, Enthusiast and Buff, whose reward is 10 gems.
      gems: 10,
      badge: null,
      level: { current: { name: 'Reel Buff' }, next: { name: 'Reel Addict' }, missing: ['join a discussion', '1 more review'] },
      country: { code: 'BR', name: 'Brazil' },
      favouriteGenres: ['Drama', 'Crime'],
      isMe: true,
      following: null,
      profileComplete: true,
      followerCount: 0,
    });
    expect(p.topMovies.map((m: { id: string }) => m.id)).toEqual(movies.slice(0, 5));
    expect(p.topShows.map((m: { title: string }) => m.title)).toEqual(['Show 1', 'Show 2', 'Show 3', 'Show 4', 'Show 5']);
    // By username in any case, and by id.
    expect((await call('GET', '/api/user/profile/ana.lima', ben.headers)).json().data).toMatchObject({ id: ana.user.id, isMe: false, following: false });
    expect((await call('GET', `/api/user/profile/${ana.user.id}`)).json().data).toMatchObject({ username: 'Ana.Lima', following: null });
  });

  it('refuses a taken username ignoring case (409), and bad fields (400 naming the field)', async () => {
    const taken = await call('POST', '/api/user/setProfile', ben.headers, { displayName: 'Ben', username: 'ANA.LIMA' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('username_taken');
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab' }, 'username'],
      [{ username: 'has space' }, 'username'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'FRA' }, 'country'],
      [{ favouriteGenres: ['Nope'] }, 'favouriteGenres.0'],
      [{ topMovies: movies }, 'topMovies'],
      [{ topMovies: [shows[0]] }, 'topMovies.0'],
      [{ topShows: ['tt0000404'] }, 'topShows.0'],
      [{ imageUrl: 'http://example.com/a.png' }, 'imageUrl'],
      [{ imageUrl: 'https://images.example.com/face.png' }, 'imageUrl'],
      // Stored here, but uploaded by someone else.
      [{ imageUrl: '/media/images/abcdef0123456789.webp' }, 'imageUrl'],
    ];
    for (const [fields, field] of cases) {
      const res = await call('POST', '/api/user/setProfile', ben.headers, { displayName: 'Ben', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorOf(res).message.startsWith(`${field}:`), errorOf(res).message).toBe(true);
    }
    expect(errorOf(await call('POST', '/api/user/setProfile', ben.headers, { displayName: 'Ben', topMovies: movies })).message).toContain('Oops! select only 5 options');
    expect((await call('GET', '/api/user/profile/me')).statusCode).toBe(401);
    expect((await call('GET', '/api/user/profile/nobody_here')).statusCode).toBe(404);
  });

  it('lists the countries', async () => {
    const list = (await call('GET', '/api/user/countries')).json().data as { code: string; name: string }[];
    expect(list.length).toBeGreaterThan(190);
    expect(list).toContainEqual({ code: 'FR', name: 'France' });
  });
});

describe('follows', () => {
  it('follows once, counts, notifies, and refuses others and oneself', async () => {
    const body = { fromId: ben.user.id, toId: ana.user.id };
    expect((await call('POST', '/api/user/follow', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/user/follow', cal.headers, body)).statusCode).toBe(403);
    const self = await call('POST', '/api/user/follow', ben.headers, { fromId: ben.user.id, toId: ben.user.id });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).code).toBe('self_follow');
    expect((await call('POST', '/api/user/follow', ben.headers, { fromId: ben.user.id })).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/user/follow', ben.headers, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ...body, following: true, followerCount: 1, followingCount: 1 });
    }
    expect((await call('GET', '/api/user/profile/ana.lima', ben.headers)).json().data).toMatchObject({ following: true, followerCount: 1 });
    const followers = (await call('GET', `/api/user/${ana.user.id}/followers`)).json().data;
    expect(followers.results.map((p: { id: string }) => p.id)).toEqual([ben.user.id]);
    const notes = (await call('GET', '/api/notifications', ana.headers)).json().data;
    // The follow, and the three levels Ana reached by setting her profile.
    expect(notes.unreadCount).toBe(4);
    expect(notes.results.filter((n: { kind: string }) => n.kind === 'level_reached')).toHaveLength(3);
    expect(notes.results[0]).toMatchObject({ kind: 'follow', text: 'Ben Other followed you', actor: { id: ben.user.id }, read: false });
  });

  it('keeps counts equal to rows with 100 people following at once, and groups the burst', async () => {
    const crowd = await insertFans(ctx, 100, 'Crowd');
    const res = await Promise.all(crowd.flatMap((p) => [0, 1].map(() => call('POST', '/api/user/follow', p.headers, { fromId: p.user.id, toId: cal.user.id }))));
    expect(res.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const rows = await ctx.database.db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followeeId', '=', cal.user.id).executeTakeFirstOrThrow();
    const profile = (await call('GET', `/api/user/profile/${cal.user.id}`)).json().data;
    expect(profile.followerCount).toBe(Number(rows.n));
    expect(profile.followerCount).toBe(100);
    const notes = (await call('GET', '/api/notifications', cal.headers)).json().data;
    expect(notes.unreadCount).toBe(1);
    expect(notes.results[0].othersCount).toBe(99);
    expect(notes.results[0].text).toMatch(/^Crowd \d+ and 99 others followed you$/);
    // Pages of followers.
    const first = (await call('GET', `/api/user/${cal.user.id}/followers?limit=30`)).json().data;
    const second = (await call('GET', `/api/user/${cal.user.id}/followers?limit=30&cursor=${first.nextCursor}`)).json().data;
    expect(first.results).toHaveLength(30);
    expect(new Set([...first.results, ...second.results].map((p: { id: string }) => p.id)).size).toBe(60);
    expect((await call('GET', `/api/user/${cal.user.id}/followers?cursor=zzz`)).statusCode).toBe(400);
    // Marking read.
    expect((await call('POST', '/api/notifications/read', cal.headers, {})).json().data).toEqual({ unreadCount: 0 });
    await Promise.all(crowd.map((p) => call('POST', '/api/user/unfollow', p.headers, { fromId: p.user.id, toId: cal.user.id })));
    expect((await call('GET', `/api/user/profile/${cal.user.id}`)).json().data.followerCount).toBe(0);
  });

  it('finds people by name or username despite a typo', async () => {
    const search = async (keyword: string) => (await call('POST', '/api/user/search', undefined, { keyword })).json().data.map((p: { id: string }) => p.id);
    expect(await search('ana')).toContain(ana.user.id);
    expect(await search('lmia')).toContain(ana.user.id);
    expect(await search('Ana.Lima')).toContain(ana.user.id);
    expect(await search('Ben Othre')).toContain(ben.user.id);
    expect(await search('zzzzqq')).toEqual([]);
    const only = (await call('POST', '/api/user/search', undefined, { keyword: 'ana', users: [ben.user.id] })).json().data;
    expect(only).toEqual([]);
    expect(errorOf(await call('POST', '/api/user/search', undefined, { keyword: '' })).message).toMatch(/^keyword:/);
  });
  it('says in people search whom the reader follows (null for a visitor and oneself)', async () => {
    const [seeker, kept, other] = await insertFans(ctx, 3, 'Quillon');
    for (const p of [seeker, kept, other]) await ctx.database.db.updateTable('users').set({ searchText: normalizeText(p.user.displayName) }).where('id', '=', p.user.id).execute();
    await call('POST', '/api/user/follow', seeker.headers, { fromId: seeker.user.id, toId: kept.user.id });
    const found = async (headers?: Headers) =>
      Object.fromEntries((await call('POST', '/api/user/search', headers, { keyword: 'Quilon' })).json().data.map((p: { id: string; following: boolean | null }) => [p.id, p.following]));
    expect(await found(seeker.headers)).toEqual({ [seeker.user.id]: null, [kept.user.id]: true, [other.user.id]: false });
    expect(await found()).toEqual({ [seeker.user.id]: null, [kept.user.id]: null, [other.user.id]: null });
  });
});

describe('messages, blocks and the feed', () => {
  it('lets someone write only when followed or written to, and closes the conversation on a block', async () => {
    const [dee, eve] = await insertFans(ctx, 2, 'Talker');
    const canWrite = async (from: { headers: Headers }, to: string) => {
      const res = await call('GET', `/api/messages/can-write/${to}`, from.headers);
      expect(res.statusCode).toBe(200);
      return res.json().data.canWrite as boolean;
    };
    expect(await canWrite(dee, eve.user.id)).toBe(false);
    expect(await canWrite(dee, dee.user.id)).toBe(false);
    expect((await call('GET', '/api/messages/can-write/nobody', dee.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/messages/can-write/${eve.user.id}`)).statusCode).toBe(401);
    const notAllowed = await call('POST', '/api/messages', dee.headers, { toId: eve.user.id, text: 'Hi' });
    expect(notAllowed.statusCode).toBe(403);
    expect(errorOf(notAllowed).code).toBe('not_allowed');
    await call('POST', '/api/user/follow', eve.headers, { fromId: eve.user.id, toId: dee.user.id });
    expect(await canWrite(dee, eve.user.id)).toBe(true);
    expect(await canWrite(eve, dee.user.id)).toBe(false);
    const sent = await call('POST', '/api/messages', dee.headers, { toId: eve.user.id, text: '  Hello there ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ senderId: dee.user.id, text: 'Hello there' });
    // Eve does not follow back, but Dee wrote to her, so she may answer.
    expect(await canWrite(eve, dee.user.id)).toBe(true);
    expect((await call('POST', '/api/messages', eve.headers, { toId: dee.user.id, text: 'Hi Dee' })).statusCode).toBe(201);
    const list = (await call('GET', '/api/messages/conversations', dee.headers)).json().data;
    expect(list).toMatchObject({ unreadCount: 1, results: [{ with: { id: eve.user.id }, unreadCount: 1, canWrite: true, lastMessage: { text: 'Hi Dee' } }] });
    const conversationId = list.results[0].id;
    const page = (await call('GET', `/api/messages/${conversationId}`, dee.headers)).json().data;
    expect(page.results.map((m: { text: string }) => m.text)).toEqual(['Hi Dee', 'Hello there']);
    expect((await call('GET', '/api/messages/conversations', dee.headers)).json().data.unreadCount).toBe(0);
    expect((await call('GET', `/api/messages/${conversationId}`, ana.headers)).statusCode).toBe(404);
    expect(errorOf(await call('POST', '/api/messages', dee.headers, { toId: eve.user.id, text: '' })).message).toMatch(/^text:/);

    // Eve blocks Dee: the follow ends, the conversation closes, nothing more can be sent either way.
    expect((await call('POST', `/api/user/blocks/${dee.user.id}`, eve.headers)).json().data).toEqual({ userId: dee.user.id, blocked: true });
    expect((await call('GET', `/api/user/profile/${dee.user.id}`)).json().data.followerCount).toBe(0);
    const blocked = await call('POST', '/api/messages', dee.headers, { toId: eve.user.id, text: 'Still there?' });
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).code).toBe('blocked');
    expect((await call('POST', '/api/messages', eve.headers, { toId: dee.user.id, text: 'Bye' })).statusCode).toBe(403);
    expect(await canWrite(dee, eve.user.id)).toBe(false);
    expect(await canWrite(eve, dee.user.id)).toBe(false);
    expect((await call('GET', '/api/messages/conversations', dee.headers)).json().data.results[0].canWrite).toBe(false);
    expect(errorOf(await call('POST', '/api/user/follow', dee.headers, { fromId: dee.user.id, toId: eve.user.id })).code).toBe('blocked');
    expect((await call('GET', `/api/user/profile/${eve.user.id}`, dee.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/filter/my-activity?userId=${eve.user.id}`, dee.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/profile/${dee.user.id}`, eve.headers)).json().data.blockedByMe).toBe(true);
    expect((await call('GET', '/api/user/blocks', eve.headers)).json().data.map((p: { id: string }) => p.id)).toEqual([dee.user.id]);
    expect((await call('DELETE', `/api/user/blocks/${dee.user.id}`, eve.headers)).json().data.blocked).toBe(false);
  });

  it("shows followed people's ratings, reviews and public lists in the feed, newest first, never private ones", async () => {
    const [fan, star] = await insertFans(ctx, 2, 'Feed');
    await call('POST', '/api/user/follow', fan.headers, { fromId: fan.user.id, toId: star.user.id });
    const rate = await call('POST', '/api/ratings-and-reviews/create', star.headers, { titleId: movies[0], rating: 8, review: 'Loved it.' });
    expect(rate.statusCode).toBe(201);
    await tick();
    await call('POST', '/api/ratings-and-reviews/create', star.headers, { titleId: movies[1], rating: 6 });
    await tick();
    const base = { type: 'movie', genres: [], contentList: [{ titleId: movies[2] }] };
    expect((await call('POST', '/api/lists', star.headers, { ...base, name: 'Private picks', visibility: 'private' })).statusCode).toBe(201);
    await tick();
    expect((await call('POST', '/api/lists', star.headers, { ...base, name: 'Public picks' })).statusCode).toBe(201);
    const feed = (await call('GET', '/api/feed', fan.headers)).json().data;
    expect(feed.results.map((i: { kind: string }) => i.kind)).toEqual(['list', 'rating', 'review']);
    expect(feed.results[0].list.name).toBe('Public picks');
    expect(feed.results[2].rating).toMatchObject({ review: 'Loved it.', title: { id: movies[0] } });
    const one = (await call('GET', '/api/feed?limit=1', fan.headers)).json().data;
    const two = (await call('GET', `/api/feed?limit=2&cursor=${one.nextCursor}`, fan.headers)).json().data;
    expect(two.results.map((i: { kind: string }) => i.kind)).toEqual(['rating', 'review']);
    expect(two.nextCursor).toBeNull();
    expect((await call('GET', '/api/feed')).statusCode).toBe(401);
    // Activity tabs: own (private list too) and another's (public only).
    const own = (await call('GET', '/api/filter/my-activity', star.headers)).json().data;
    expect(own.map((i: { kind: string }) => i.kind)).toEqual(['list', 'list', 'rating', 'review']);
    const theirs = (await call('GET', `/api/filter/my-activity?userId=${star.user.id}`)).json().data;
    expect(theirs.map((i: { kind: string }) => i.kind)).toEqual(['list', 'rating', 'review']);
    expect((await call('GET', `/api/filter/userComments?userId=${star.user.id}`)).json().data.map((i: { kind: string }) => i.kind)).toEqual(['review']);
    expect((await call('GET', '/api/filter/my-activity?limit=0', star.headers)).statusCode).toBe(400);
    // A like on the review notifies its author.
    await call('POST', `/api/ratings-and-reviews/${rate.json().data.id}/likes`, fan.headers);
    expect((await call('GET', '/api/notifications', star.headers)).json().data.results[0]).toMatchObject({ kind: 'review_like', text: 'Feed 1 liked your review' });
    // Muting the star keeps them out of the feed.
    await call('POST', '/api/user/mutes', fan.headers, { targetType: 'user', targetId: star.user.id });
    expect((await call('GET', '/api/feed', fan.headers)).json().data.results).toEqual([]);
    expect((await call('GET', '/api/user/mutes', fan.headers)).json().data).toEqual([
      { targetType: 'user', targetId: star.user.id, createdAt: expect.any(String), name: star.user.displayName, imageUrl: null, username: null },
    ]);
    await call('DELETE', `/api/user/mutes/user/${star.user.id}`, fan.headers);
    expect((await call('GET', '/api/feed', fan.headers)).json().data.results).toHaveLength(3);
  });
});

describe('reports and moderation', () => {
  it('takes reports, shows them to moderators only, hides content and suspends accounts', async () => {
    const [reporter, troll, mod] = await insertFans(ctx, 3, 'Safety');
    const rating = await call('POST', '/api/ratings-and-reviews/create', troll.headers, { titleId: movies[3], rating: 1, review: 'Rude words.' });
    const reviewId = rating.json().data.id;
    await call('POST', '/api/user/follow', reporter.headers, { fromId: reporter.user.id, toId: troll.user.id });
    const made = await call('POST', '/api/reports', reporter.headers, { targetType: 'review', targetId: reviewId, reason: 'Insults' });
    expect(made.statusCode).toBe(201);
    expect(errorOf(await call('POST', '/api/reports', reporter.headers, { targetType: 'review', targetId: 'nope', reason: 'x' })).code).toBe('target_not_found');
    expect(errorOf(await call('POST', '/api/reports', reporter.headers, { targetType: 'song', targetId: 'x', reason: 'x' })).message).toMatch(/^targetType:/);
    expect((await call('GET', '/api/moderation/reports', reporter.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/user/me', mod.headers)).json().data.isModerator).toBe(false);
    await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
    // The person's own answer says so, for the web app's moderation screens.
    expect((await call('GET', '/api/user/me', mod.headers)).json().data.isModerator).toBe(true);
    expect((await call('GET', '/api/user/me', reporter.headers)).json().data.isModerator).toBe(false);
    const open = (await call('GET', '/api/moderation/reports', mod.headers)).json().data;
    expect(open.results[0]).toMatchObject({
      targetType: 'review',
      targetId: reviewId,
      reason: 'Insults',
      status: 'open',
      reporter: { id: reporter.user.id },
      targetOwner: { id: troll.user.id },
      targetHidden: false,
      ownerSuspended: false,
    });
    expect((await call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'review', targetId: reviewId })).json().data.hidden).toBe(true);
    // The queue says how the target stands now: hidden.
    expect((await call('GET', '/api/moderation/reports', mod.headers)).json().data.results[0]).toMatchObject({ targetId: reviewId, targetHidden: true });
    expect((await call('GET', '/api/feed', reporter.headers)).json().data.results).toEqual([]);
    expect((await call('POST', `/api/moderation/reports/${made.json().data.id}/resolve`, mod.headers, { resolution: 'Hidden' })).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/reports', mod.headers)).json().data.results).toEqual([]);
    // Suspension ends the session at once.
    expect((await call('GET', '/api/user/me', troll.headers)).statusCode).toBe(200);
    expect((await call('POST', `/api/moderation/suspensions/${troll.user.id}`, reporter.headers)).statusCode).toBe(403);
    expect((await call('POST', `/api/moderation/suspensions/${troll.user.id}`, mod.headers)).json().data).toEqual({ userId: troll.user.id, suspended: true });
    expect((await call('GET', '/api/user/me', troll.headers)).statusCode).toBe(401);
    expect((await call('GET', `/api/user/profile/${troll.user.id}`)).statusCode).toBe(404);
    const resolved = (await call('GET', '/api/moderation/reports?status=resolved', mod.headers)).json().data.results;
    expect(resolved.find((r: { targetId: string }) => r.targetId === reviewId)).toMatchObject({ targetOwner: { id: troll.user.id }, ownerSuspended: true });
    expect((await call('DELETE', `/api/moderation/suspensions/${troll.user.id}`, mod.headers)).json().data.suspended).toBe(false);
  });

  it('limits reports per person: 429 with the waiting time', async () => {
    const [reporter, target] = await insertFans(ctx, 2, 'Limit');
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await call('POST', '/api/reports', reporter.headers, { targetType: 'person', targetId: target.user.id, reason: `r${i}` }));
    expect(answers.slice(0, 10).every((a) => a.statusCode === 201)).toBe(true);
    expect(answers[10].statusCode).toBe(429);
    expect(errorOf(answers[10]).code).toBe('rate_limited');
    expect(errorOf(answers[10]).message).toMatch(/Try again in \d+ seconds/);
  });
});

describe('more of each route', () => {
  it('pages the people someone follows, refuses unknown people and unfollowing as someone else', async () => {
    const [reader, ...stars] = await insertFans(ctx, 4, 'Pager');
    for (const s of stars) await call('POST', '/api/user/follow', reader.headers, { fromId: reader.user.id, toId: s.user.id });
    const first = (await call('GET', `/api/user/${reader.user.id}/following?limit=2`)).json().data;
    expect(first.results).toHaveLength(2);
    const rest = (await call('GET', `/api/user/${reader.user.id}/following?limit=2&cursor=${first.nextCursor}`)).json().data;
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.results, ...rest.results].map((p: { id: string }) => p.id))).toEqual(new Set(stars.map((s) => s.user.id)));
    expect((await call('GET', '/api/user/nobody/following')).statusCode).toBe(404);
    expect((await call('GET', `/api/user/${reader.user.id}/following?limit=51`)).statusCode).toBe(400);
    const unknown = await call('POST', '/api/user/follow', reader.headers, { fromId: reader.user.id, toId: 'nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
    expect((await call('POST', '/api/user/unfollow', stars[0].headers, { fromId: reader.user.id, toId: stars[0].user.id })).statusCode).toBe(403);
    const un = await call('POST', '/api/user/unfollow', reader.headers, { fromId: reader.user.id, toId: stars[0].user.id });
    expect(un.json().data).toEqual({ fromId: reader.user.id, toId: stars[0].user.id, following: false, followerCount: 0, followingCount: 2 });
    expect((await call('POST', '/api/user/unfollow', reader.headers, { fromId: reader.user.id, toId: stars[0].user.id })).json().data.followingCount).toBe(2);
  });

  it('counts unread notifications and marks chosen ones read', async () => {
    const [star, a, b] = await insertFans(ctx, 3, 'Bell');
    const rateRes = await call('POST', '/api/ratings-and-reviews/create', star.headers, { titleId: movies[4], rating: 9, review: 'Great.' });
    const reviewId = rateRes.json().data.id;
    await call('POST', '/api/user/follow', a.headers, { fromId: a.user.id, toId: star.user.id });
    await tick();
    await call('POST', `/api/ratings-and-reviews/${reviewId}/likes`, a.headers);
    await call('POST', `/api/ratings-and-reviews/${reviewId}/likes`, b.headers);
    // Unliking and liking again is still two people.
    await call('DELETE', `/api/ratings-and-reviews/${reviewId}/likes`, b.headers);
    await call('POST', `/api/ratings-and-reviews/${reviewId}/likes`, b.headers);
    expect((await call('GET', '/api/notifications/unread-count', star.headers)).json().data).toEqual({ unreadCount: 2 });
    const page = (await call('GET', '/api/notifications?limit=1', star.headers)).json().data;
    expect(page.results[0]).toMatchObject({ kind: 'review_like', othersCount: 1, text: 'Bell 3 and 1 other liked your review', targetType: 'review', targetId: reviewId });
    const next = (await call('GET', `/api/notifications?limit=1&cursor=${page.nextCursor}`, star.headers)).json().data;
    expect(next.results[0].kind).toBe('follow');
    expect(next.nextCursor).toBeNull();
    const left = await call('POST', '/api/notifications/read', star.headers, { ids: [page.results[0].id, 'someone-elses'] });
    expect(left.json().data).toEqual({ unreadCount: 1 });
    expect((await call('POST', '/api/notifications/read', star.headers, { ids: [] })).statusCode).toBe(400);
    expect(errorOf(await call('POST', '/api/notifications/read', star.headers, { ids: 'all' })).message).toMatch(/^ids:/);
    expect((await call('POST', '/api/notifications/read', star.headers)).json().data).toEqual({ unreadCount: 0 });
    // A new like after reading starts a new notification.
    const [c] = await insertFans(ctx, 1, 'Late');
    await call('POST', `/api/ratings-and-reviews/${reviewId}/likes`, c.headers);
    expect((await call('GET', '/api/notifications', star.headers)).json().data.results[0]).toMatchObject({ othersCount: 0, text: 'Late 1 liked your review', read: false });
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
  });

  it('pages older messages with ?before= and limits messages per person (429)', async () => {
    const [dee, eve] = await insertFans(ctx, 2, 'Chatty');
    await call('POST', '/api/user/follow', eve.headers, { fromId: eve.user.id, toId: dee.user.id });
    const sent = [];
    for (let i = 0; i < 31; i++) sent.push(await call('POST', '/api/messages', dee.headers, { toId: eve.user.id, text: `m${i}` }));
    expect(sent.slice(0, 30).every((s) => s.statusCode === 201)).toBe(true);
    expect(sent[30].statusCode).toBe(429);
    expect(errorOf(sent[30]).message).toMatch(/Try again in \d+ seconds/);
    expect(sent[30].headers['retry-after']).toBeDefined();
    const conversationId = sent[0].json().data.conversationId;
    const newest = (await call('GET', `/api/messages/${conversationId}`, eve.headers)).json().data;
    expect(newest.results).toHaveLength(30);
    expect(newest.results[0].text).toBe('m29');
    expect(newest.nextBefore).toBeNull();
    const older = (await call('GET', `/api/messages/${conversationId}?before=${newest.results[10].id}`, eve.headers)).json().data;
    expect(older.results[0].text).toBe('m18');
    expect(older.results.at(-1).text).toBe('m0');
    expect((await call('GET', `/api/messages/${conversationId}?before=nope`, eve.headers)).statusCode).toBe(400);
    expect((await call('GET', `/api/messages/${conversationId}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/messages', eve.headers, { toId: eve.user.id, text: 'me' })).statusCode).toBe(400);
    expect((await call('POST', '/api/messages', eve.headers, { toId: 'nobody', text: 'x' })).statusCode).toBe(404);
    expect(errorOf(await call('POST', '/api/messages', eve.headers, { toId: dee.user.id, text: 'x'.repeat(2001) })).message).toMatch(/^text:/);
  });

  it('limits follows per person (429), separately from messages', async () => {
    const [keen, star] = await insertFans(ctx, 2, 'Keen');
    const codes = [];
    for (let i = 0; i < 61; i++) codes.push((await call('POST', '/api/user/follow', keen.headers, { fromId: keen.user.id, toId: star.user.id })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    // The star can still follow back: the limit is per person.
    expect((await call('POST', '/api/user/follow', star.headers, { fromId: star.user.id, toId: keen.user.id })).statusCode).toBe(200);
  });

  it('mutes communities, unhides content, lists resolved reports, and refuses a new session of a suspended account', async () => {
    const [fan, mod, troll] = await insertFans(ctx, 3, 'Mod');
    expect((await call('POST', '/api/user/mutes', fan.headers, { targetType: 'community', targetId: 'c-123' })).json().data).toEqual({ targetType: 'community', targetId: 'c-123', muted: true });
    expect((await call('POST', '/api/user/mutes', fan.headers, { targetType: 'planet', targetId: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/user/mutes', fan.headers, { targetType: 'user', targetId: fan.user.id })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/user/mutes/community/c-123', fan.headers)).json().data.muted).toBe(false);
    expect((await call('GET', '/api/user/mutes')).statusCode).toBe(401);
    await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
    expect((await call('POST', '/api/moderation/hidden', fan.headers, { targetType: 'list', targetId: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'person', targetId: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'list', targetId: 'l1' })).json().data.hidden).toBe(true);
    expect((await call('DELETE', '/api/moderation/hidden/list/l1', mod.headers)).json().data.hidden).toBe(false);
    // What does not exist (or the reporter cannot see) is not taken.
    expect((await call('POST', '/api/reports', fan.headers, { targetType: 'discussion', targetId: 'd-1', reason: 'Spam' })).statusCode).toBe(404);
    const made = (await call('POST', '/api/reports', fan.headers, { targetType: 'person', targetId: troll.user.id, reason: 'Spam' })).json().data;
    await call('POST', `/api/moderation/reports/${made.id}/resolve`, mod.headers);
    const resolved = (await call('GET', '/api/moderation/reports?status=resolved', mod.headers)).json().data.results;
    expect(resolved.map((r: { id: string }) => r.id)).toContain(made.id);
    expect((await call('GET', '/api/moderation/reports?status=maybe', mod.headers)).statusCode).toBe(400);
    expect((await call('POST', '/api/moderation/reports/nope/resolve', mod.headers)).statusCode).toBe(404);
    expect((await call('POST', `/api/moderation/suspensions/${mod.user.id}`, mod.headers)).statusCode).toBe(403);
    expect((await call('POST', '/api/moderation/suspensions/nobody', mod.headers)).statusCode).toBe(404);
    await call('POST', `/api/moderation/suspensions/${troll.user.id}`, mod.headers);
    // A session made after the suspension (a new sign-in) does not work either.
    const now = new Date().toISOString();
    await ctx.database.db
      .insertInto('sessions')
      .values({ id: `s-${troll.user.id}`, token: `tok${troll.user.id}`, userId: troll.user.id, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), ipAddress: null, userAgent: null, createdAt: now, updatedAt: now })
      .execute();
    expect((await call('GET', '/api/user/me', { authorization: `Bearer tok${troll.user.id}` })).statusCode).toBe(401);
    expect((await call('POST', '/api/user/follow', fan.headers, { fromId: fan.user.id, toId: troll.user.id })).statusCode).toBe(404);
    expect((await call('POST', '/api/user/search', undefined, { keyword: 'Mod 3' })).json().data.map((p: { id: string }) => p.id)).not.toContain(troll.user.id);
  });

  it('reads the feed of someone following many people the same way (newest first, only followed, keyset pages)', async () => {
    const [reader, stranger, ...stars] = await insertFans(ctx, 57, 'Many');
    for (const s of stars) await call('POST', '/api/user/follow', reader.headers, { fromId: reader.user.id, toId: s.user.id });
    expect((await call('GET', '/api/user/profile/me', reader.headers)).json().data.followingCount).toBe(55);
    await call('POST', '/api/ratings-and-reviews/create', stranger.headers, { titleId: shows[0], rating: 2 });
    const expected: string[] = [];
    for (const [i, s] of stars.slice(0, 4).entries()) {
      const res = await call('POST', '/api/ratings-and-reviews/create', s.headers, { titleId: shows[i], rating: 7 });
      expected.unshift(res.json().data.id);
      // Newest first is by time: each a few milliseconds apart.
      await tick();
    }
    await call('POST', '/api/user/mutes', reader.headers, { targetType: 'user', targetId: stars[3].user.id });
    expected.shift();
    // Hidden by a moderator: gone from the feed too.
    await ctx.database.db.insertInto('hiddenContent').values({ targetType: 'review', targetId: expected[0] as string, hiddenBy: null, createdAt: new Date().toISOString() }).execute();
    expected.shift();
    const first = (await call('GET', '/api/feed?limit=1', reader.headers)).json().data;
    const second = (await call('GET', `/api/feed?limit=1&cursor=${first.nextCursor}`, reader.headers)).json().data;
    expect([...first.results, ...second.results].map((i: { id: string }) => i.id)).toEqual(expected);
    expect(second.nextCursor).toBeNull();
  });

  it('describes every route in the OpenAPI document', async () => {
    const spec = (await call('GET', '/api/docs/openapi.json')).json();
    const routes: [string, string][] = [
      ['/api/user/profile/{suffix}', 'get'],
      ['/api/user/countries', 'get'],
      ['/api/user/follow', 'post'],
      ['/api/user/unfollow', 'post'],
      ['/api/user/{userId}/followers', 'get'],
      ['/api/user/{userId}/following', 'get'],
      ['/api/user/search', 'post'],
      ['/api/user/blocks', 'get'],
      ['/api/user/blocks/{userId}', 'post'],
      ['/api/user/blocks/{userId}', 'delete'],
      ['/api/user/mutes', 'get'],
      ['/api/user/mutes', 'post'],
      ['/api/user/mutes/{targetType}/{targetId}', 'delete'],
      ['/api/reports', 'post'],
      ['/api/moderation/reports', 'get'],
      ['/api/moderation/reports/{id}/resolve', 'post'],
      ['/api/moderation/hidden', 'post'],
      ['/api/moderation/hidden/{targetType}/{targetId}', 'delete'],
      ['/api/moderation/suspensions/{userId}', 'post'],
      ['/api/moderation/suspensions/{userId}', 'delete'],
      ['/api/notifications', 'get'],
      ['/api/notifications/unread-count', 'get'],
      ['/api/notifications/read', 'post'],
      ['/api/events', 'get'],
      ['/api/messages/conversations', 'get'],
      ['/api/messages/can-write/{userId}', 'get'],
      ['/api/messages/{conversationId}', 'get'],
      ['/api/messages', 'post'],
      ['/api/filter/my-activity', 'get'],
      ['/api/filter/userComments', 'get'],
      ['/api/user/liked-discussions', 'get'],
      ['/api/user/discussions', 'get'],
      ['/api/feed', 'get'],
    ];
    for (const [path, method] of routes) {
      expect(spec.paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
  });
});

describe('notifications under concurrency', () => {
  it('groups 60 likes arriving at once into one notification counting 60 people', async () => {
    const [author] = await insertFans(ctx, 1, 'Popular');
    const rating = await call('POST', '/api/ratings-and-reviews/create', author.headers, { titleId: movies[5], rating: 10, review: 'Everyone agrees.' });
    const likers = await insertFans(ctx, 60, 'Liker');
    const answers = await Promise.all(likers.map((p) => call('POST', `/api/ratings-and-reviews/${rating.json().data.id}/likes`, p.headers)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const page = (await call('GET', '/api/notifications', author.headers)).json().data;
    expect(page.unreadCount).toBe(1);
    expect(page.results).toHaveLength(1);
    expect(page.results[0].othersCount).toBe(59);
    const actors = await ctx.database.db.selectFrom('notificationActors').select((eb) => eb.fn.countAll<number>().as('n')).where('notificationId', '=', page.results[0].id).executeTakeFirstOrThrow();
    expect(Number(actors.n)).toBe(60);
  });
});
