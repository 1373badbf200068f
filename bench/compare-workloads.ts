// The routes `npm run bench compare` measures, and the requests of each, drawn (seeded, so every run sends the same
// ones) from the seeded database before the servers start. Both servers get the same list and each goes through it
// from the start on its own copy of the database, so both answer the very same requests.
//
// Writes are built so that every request is valid whatever came before it on that server: a like and its taking
// back are `connections` apart in the list, so the open loop (request i on connection i mod connections, one at a
// time) sends them on the same connection in that order; ratings and comments are always new. Each write workload
// has a few probe requests of its own, sent once before the measurement to check that they are answered 2xx.
import type SQLite from 'better-sqlite3';
import type { LoadRequest } from './load.ts';
import { BIG_DISCUSSION, communityId, discussionId } from './seed/communities.ts';
import { FEED_PERSON } from './seed/follows.ts';
import { bearerOf, personId } from './seed/people.ts';
import { seededRandom, zipf } from './seed/shared.ts';
import { searchQueries, titlePages, ZIPF_S } from './workloads.ts';

export interface Workload {
  name: string;
  /** Requests a second of the open loop. */
  rate: number;
  requests: LoadRequest[];
  /** Writes: sent once, in order, before the measurement; each must be answered 2xx. */
  probe?: LoadRequest[];
}

/** How many requests a list holds: more than any run of the comparison sends to one server. */
const DRAWS = 30_000;

/**
 * `readers`: how many different people send the signed-in reads (all seeded people by default: nearly every read is
 * someone's first request in the session cache's window, so it pays a full session read; a few hundred: returning
 * readers, whose sessions are cached, as when one person's page load makes several calls).
 */
export function compareWorkloads(raw: SQLite.Database, o: { people: number; readers?: number; connections: number; readRate: number; writeRate: number }): Workload[] {
  const rand = seededRandom(46);
  const { people, connections } = o;
  const readers = Math.min(o.readers ?? people, people);
  const reader = () => bearerOf(Math.floor(rand() * readers));
  const draws = (make: () => LoadRequest, n = DRAWS): LoadRequest[] => Array.from({ length: n }, make);
  const anonymous = (list: LoadRequest[]) => list.map(({ auth: _auth, ...r }) => r);

  // Reads.
  const titles = titlePages(raw).slice(0, DRAWS);
  const search = searchQueries(raw).slice(0, DRAWS);
  const reviewed = raw
    .prepare('select title_id from ratings where review is not null group by title_id order by count(*) desc limit 50')
    .pluck()
    .all() as string[];
  const nextReviewed = zipf(reviewed.length, ZIPF_S, rand);
  const reviews = draws(() => {
    const x = rand();
    const page = x < 0.8 ? 1 : x < 0.95 ? 2 : 3;
    const sort = rand() < 0.7 ? 'newest' : 'liked';
    return { method: 'POST', path: `/api/ratings-and-reviews/${reviewed[nextReviewed()]}/all`, body: JSON.stringify(page === 1 && sort === 'newest' ? {} : { page, sort }), auth: reader() };
  });
  const bigComments = `/api/communities/${communityId(0)}/discussions/${discussionId(BIG_DISCUSSION)}/comments`;
  const publicDiscussions = raw
    .prepare("select d.id, d.community_id from discussions d join communities c on c.id = d.community_id where c.is_public = 1 and d.locked = 0 order by d.comment_count desc, d.id limit 5000")
    .raw(true)
    .all() as [string, string][];
  const nextDiscussion = zipf(publicDiscussions.length, ZIPF_S, rand);
  const commentPages = draws(() => {
    // Half the big discussion (10,000 comments), half the others by Zipf over their comments.
    const [d, c] = rand() < 0.5 ? [discussionId(BIG_DISCUSSION), communityId(0)] : publicDiscussions[nextDiscussion()];
    return { method: 'GET', path: d === discussionId(BIG_DISCUSSION) ? bigComments : `/api/communities/${c}/discussions/${d}/comments`, auth: reader() };
  });
  const communities = raw
    .prepare('select id from communities where is_public = 1 and discussion_count > 0 order by discussion_count desc, id')
    .pluck()
    .all() as string[];
  const nextCommunity = zipf(communities.length, ZIPF_S, rand);
  const discussionPages = draws(() => {
    const x = rand();
    const query = x < 0.7 ? '' : x < 0.9 ? '?sort=active' : '?page=2';
    return { method: 'GET', path: `/api/communities/${communities[nextCommunity()]}/discussions${query}`, auth: reader() };
  });
  const publicLists = raw.prepare("select id from lists where visibility = 'public' order by like_count desc, id").pluck().all() as string[];
  const nextList = zipf(publicLists.length, ZIPF_S, rand);
  const listPages = draws(() => ({ method: 'GET', path: `/api/lists/${publicLists[nextList()]}/get`, auth: reader() }));
  const listOwners = raw.prepare("select owner_id from lists where visibility = 'public' group by owner_id order by count(*) desc, owner_id").pluck().all() as string[];
  const nextOwner = zipf(listOwners.length, ZIPF_S, rand);
  const listsOf = draws(() => ({ method: 'GET', path: `/api/lists/?userId=${listOwners[nextOwner()]}`, auth: reader() }));
  const watchlistPaths = ['/api/watchlist/userWatchlist', '/api/watchlist/userWatchlist', '/api/watchlist/userWatchlist?type=movie', '/api/watchlist/userWatchlist?page=2'];
  const watchlist = draws(() => ({ method: 'GET', path: watchlistPaths[Math.floor(rand() * 4)], auth: reader() }));
  const usernames = raw.prepare('select username from users where username is not null order by follower_count desc, id').pluck().all() as string[];
  const nextProfile = zipf(usernames.length, ZIPF_S, rand);
  const profiles = draws(() => ({ method: 'GET', path: `/api/user/profile/${usernames[nextProfile()]}`, auth: reader() }));
  const same = (path: string) => draws(() => ({ method: 'GET', path, auth: reader() }));

  // Writes.
  const pairs = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);
  /** Blocks of `connections` turning on, then the same `connections` turning off (on the same connections, in order). */
  const onOff = <T>(targets: T[], on: (t: T) => LoadRequest, off: (t: T) => LoadRequest): LoadRequest[] => {
    const out: LoadRequest[] = [];
    for (let b = 0; b + connections <= targets.length; b += connections) {
      const block = targets.slice(b, b + connections);
      out.push(...block.map(on), ...block.map(off));
    }
    return out;
  };
  const split = (list: LoadRequest[], probeBlocks = 1): { probe: LoadRequest[]; requests: LoadRequest[] } => ({
    probe: list.slice(0, probeBlocks * 2 * connections),
    requests: list.slice(probeBlocks * 2 * connections),
  });

  const reviewRows = raw.prepare('select id, user_id from ratings where review is not null order by like_count desc, id limit 20000').raw(true).all() as [string, string][];
  const nextReview = zipf(reviewRows.length, ZIPF_S, rand);
  const reviewLikes = split(
    onOff(
      pairs(DRAWS / 2, () => {
        const [id, author] = reviewRows[nextReview()];
        let p = Math.floor(rand() * people);
        if (personId(p) === author) p = (p + 1) % people;
        return { id, p };
      }),
      (t) => ({ method: 'POST', path: `/api/ratings-and-reviews/${t.id}/likes`, auth: bearerOf(t.p) }),
      (t) => ({ method: 'DELETE', path: `/api/ratings-and-reviews/${t.id}/likes`, auth: bearerOf(t.p) }),
    ),
  );

  const commentRows = raw
    .prepare(
      'select m.id, m.discussion_id, m.community_id from comments m join communities c on c.id = m.community_id where c.is_public = 1 and m.deleted = 0 order by m.like_count desc, m.id limit 20000',
    )
    .raw(true)
    .all() as [string, string, string][];
  const nextComment = zipf(commentRows.length, ZIPF_S, rand);
  const commentLikes = split(
    onOff(
      pairs(DRAWS / 2, () => ({ row: commentRows[nextComment()], p: Math.floor(rand() * people) })),
      (t) => ({ method: 'POST', path: `/api/communities/${t.row[2]}/discussions/${t.row[1]}/comments/${t.row[0]}/likes`, auth: bearerOf(t.p) }),
      (t) => ({ method: 'DELETE', path: `/api/communities/${t.row[2]}/discussions/${t.row[1]}/comments/${t.row[0]}/likes`, auth: bearerOf(t.p) }),
    ),
  );

  const postComments = split(
    draws(() => {
      const [d, c] = publicDiscussions[nextDiscussion()];
      return { method: 'POST', path: `/api/communities/${c}/discussions/${d}/comments`, body: JSON.stringify({ text: `Seen it twice now, and the second time it works even better (${Math.floor(rand() * 1e6)}).` }), auth: reader() };
    }),
  );

  // Ratings of titles by people who have not rated them (a second rating of a title would be 409).
  const rated = raw.prepare('select 1 from ratings where user_id = ? and title_id = ?').pluck();
  const ratedTitles = raw.prepare('select title_id from ratings group by title_id order by count(*) desc').pluck().all() as string[];
  const nextRated = zipf(ratedTitles.length, ZIPF_S, rand);
  const fresh = new Set<string>();
  const rateTitles = split(
    draws(() => {
      for (;;) {
        const p = Math.floor(rand() * people);
        const t = ratedTitles[nextRated()];
        if (fresh.has(`${p} ${t}`) || rated.get(personId(p), t)) continue;
        fresh.add(`${p} ${t}`);
        const review = rand() < 0.3 ? 'A slow start, but the last hour is as good as anything I have seen this year.' : null;
        return { method: 'POST', path: '/api/ratings-and-reviews/create', body: JSON.stringify({ titleId: t, rating: 1 + Math.floor(rand() * 10), review }), auth: bearerOf(p) };
      }
    }, 12_000),
  );

  // The same by the people with about 1,000 followers: what a rating's fan-out to its author's followers adds.
  const followerCount = raw.prepare('select follower_count from users where id = ?').pluck();
  const followed = Array.from({ length: people }, (_, p) => p).filter((p) => {
    const n = Number(followerCount.get(personId(p)));
    return n >= 900 && n <= 1100;
  });
  const rateFollowed = split(
    draws(() => {
      for (;;) {
        const p = followed[Math.floor(rand() * followed.length)];
        const t = ratedTitles[Math.floor(rand() * ratedTitles.length)];
        if (fresh.has(`${p} ${t}`) || rated.get(personId(p), t)) continue;
        fresh.add(`${p} ${t}`);
        return { method: 'POST', path: '/api/ratings-and-reviews/create', body: JSON.stringify({ titleId: t, rating: 1 + Math.floor(rand() * 10), review: null }), auth: bearerOf(p) };
      }
    }, 12_000),
  );

  // Follows and their taking back. The follow limit is 60 a minute a person: followers are drawn among everyone.
  const follows = split(
    onOff(
      pairs(DRAWS / 2, () => {
        const from = Math.floor(rand() * people);
        let to = Math.floor(rand() * people);
        if (to === from) to = (to + 1) % people;
        return { from, to };
      }),
      (t) => ({ method: 'POST', path: '/api/user/follow', body: JSON.stringify({ fromId: personId(t.from), toId: personId(t.to) }), auth: bearerOf(t.from) }),
      (t) => ({ method: 'POST', path: '/api/user/unfollow', body: JSON.stringify({ fromId: personId(t.from), toId: personId(t.to) }), auth: bearerOf(t.from) }),
    ),
  );

  const r = o.readRate;
  const w = o.writeRate;
  return [
    { name: 'title page, anonymous (GET /api/movies/{type}/{id})', rate: r, requests: titles },
    { name: 'title page, signed in', rate: r, requests: titles.map((t) => ({ ...t, auth: reader() })) },
    { name: 'search as you type, every query new (POST /api/movies/search)', rate: r, requests: search },
    { name: "reviews of a title, signed in (POST /api/ratings-and-reviews/{id}/all)", rate: r, requests: reviews },
    { name: 'like and unlike a review (POST, DELETE /api/ratings-and-reviews/{id}/likes)', rate: w, ...reviewLikes },
    { name: 'comments page of a discussion, signed in (GET .../discussions/{id}/comments)', rate: r, requests: commentPages },
    { name: 'comments page of a discussion, anonymous', rate: r, requests: anonymous(commentPages) },
    { name: "a community's discussions, signed in (GET /api/communities/{id}/discussions)", rate: r, requests: discussionPages },
    { name: "a community's discussions, anonymous", rate: r, requests: anonymous(discussionPages) },
    { name: 'top discussions, signed in (GET /api/home/top-discussions)', rate: r, requests: same('/api/home/top-discussions') },
    { name: 'top discussions, anonymous', rate: r, requests: anonymous(same('/api/home/top-discussions')) },
    { name: 'post a comment (POST .../discussions/{id}/comments)', rate: w, ...postComments },
    { name: 'like and unlike a comment (POST, DELETE .../comments/{id}/likes)', rate: w, ...commentLikes },
    { name: "a list's page, signed in (GET /api/lists/{id}/get)", rate: r, requests: listPages },
    { name: "a person's lists (GET /api/lists/?userId=)", rate: r, requests: listsOf },
    { name: 'the watchlist (GET /api/watchlist/userWatchlist)', rate: r, requests: watchlist },
    { name: 'rate a title, some with a review (POST /api/ratings-and-reviews/create)', rate: w, ...rateTitles },
    ...(followed.length > 0 ? [{ name: `rate a title as someone with about 1,000 followers (${followed.length} people)`, rate: w, ...rateFollowed }] : []),
    { name: 'a profile, signed in (GET /api/user/profile/{username})', rate: r, requests: profiles },
    { name: 'a profile, anonymous', rate: r, requests: anonymous(profiles) },
    { name: 'the feed (GET /api/feed)', rate: r, requests: same('/api/feed') },
    { name: 'the feed of someone following 1,000 people', rate: r, requests: draws(() => ({ method: 'GET', path: '/api/feed', auth: bearerOf(FEED_PERSON) })) },
    { name: 'notifications (GET /api/notifications)', rate: r, requests: same('/api/notifications') },
    { name: 'who am I (GET /api/user/me)', rate: r, requests: same('/api/user/me') },
    { name: 'follow and unfollow (POST /api/user/follow, /api/user/unfollow)', rate: w, ...follows },
  ];
}
