// Communities, discussions and comments (issue 40): 10,000 communities with members and join requests, 200,000
// discussions with likes, 2,000,000 comments with replies and likes, one discussion (BIG_DISCUSSION, in the most
// popular public community) holding 10,000 of them. Every counter column (member_count, discussion_count, like_count,
// comment_count, reply_count) is computed from the rows it counts, and COMMUNITIES_CHECKS proves it by SQL.
import { personId } from './people.ts';
import { idOf, insertRows, isoBefore, type SeedState, seededRandom, tailed, zipf } from './shared.ts';

const COMMUNITY_DOMAIN = 0xb0000010;
const DISCUSSION_DOMAIN = 0xb0000011;
const COMMENT_DOMAIN = 0xb0000012;

export const communityId = (n: number): string => idOf(COMMUNITY_DOMAIN, n);
export const discussionId = (n: number): string => idOf(DISCUSSION_DOMAIN, n);
export const commentId = (n: number): string => idOf(COMMENT_DOMAIN, n);
/** Community n is private when n % 10 === 9 (one in ten). */
export const isPublicCommunity = (n: number): boolean => n % 10 !== 9;
/** The discussion with the most comments: discussion 0, in community 0 (public, the most popular). */
export const BIG_DISCUSSION = 0;

export interface CommunityPlan {
  communities: number;
  discussions: number;
  comments: number;
  /** Comments of BIG_DISCUSSION. */
  bigComments: number;
}

const WORDS = ['Noir', 'Horror', 'Anime', 'Westerns', 'Sci-Fi', 'Documentaries', 'Musicals', 'Kdrama', 'Sitcoms', 'Giallo', 'Heist', 'Arthouse'];
const TEXTS = [
  'Rewatched it last night and the ending still hits hard.',
  'The cinematography in the second act is unreal, every frame could be a painting.',
  'I think the book handled this part better, but the casting makes up for it.',
  'Hot take: the sequel is better than the original.',
  'Does anyone know where this was filmed? The locations are stunning.',
  'That score! I have had the main theme in my head for a week.',
];

export function seedCommunities(s: SeedState, plan: CommunityPlan): void {
  const rand = seededRandom(40);
  const { db, now, people } = s;
  const C = plan.communities;
  const D = plan.discussions;
  const day = 86_400;
  // Members: a long tail, community 0 the largest. Private communities have a few pending requests too.
  const memberCount = new Int32Array(C);
  const admins = Array.from({ length: C }, (_, n) => (n * 7919 + 13) % people);
  insertRows(
    db,
    'community_members',
    ['community_id', 'user_id', 'status', 'created_at'],
    (function* () {
      for (let c = 0; c < C; c++) {
        const wanted = c === 0 ? Math.min(5_000, people - 1) : tailed(rand, 20, 1, Math.min(3_000, people - 1));
        const seen = new Set<number>([admins[c]]);
        const pending = isPublicCommunity(c) ? 0 : Math.floor(wanted / 10);
        let i = 0;
        while (seen.size - 1 < wanted + pending) {
          const p = Math.floor(rand() * people);
          if (seen.has(p)) continue;
          seen.add(p);
          const status = i < wanted ? 'member' : 'pending';
          if (status === 'member') memberCount[c]++;
          yield [communityId(c), personId(p), status, isoBefore(now, 300 * day - i * 60)];
          i++;
        }
      }
    })(),
  );

  // Discussions: by Zipf over the communities (the popular ones hold most), oldest first (ids in time order).
  const discussionCount = new Int32Array(C);
  const nextCommunity = zipf(C, 0.9, rand);
  const communityOf = new Int32Array(D);
  const createdAgo = new Float64Array(D);
  const lastAgo = new Float64Array(D);
  for (let d = 0; d < D; d++) {
    communityOf[d] = d === BIG_DISCUSSION ? 0 : nextCommunity();
    discussionCount[communityOf[d]]++;
    createdAgo[d] = 360 * day - (d / D) * 355 * day;
  }
  // Comment counts: BIG_DISCUSSION its own, the others a long tail adding up to the rest.
  const comments = new Int32Array(D);
  comments[BIG_DISCUSSION] = plan.bigComments;
  let total = plan.bigComments;
  for (let d = 1; d < D; d++) {
    comments[d] = tailed(rand, (plan.comments - plan.bigComments) / Math.max(1, D - 1), 0, 2_000);
    total += comments[d];
  }
  while (total < plan.comments) {
    comments[1 + Math.floor(rand() * (D - 1))]++;
    total++;
  }
  while (total > plan.comments) {
    const d = 1 + Math.floor(rand() * (D - 1));
    if (comments[d] > 0) {
      comments[d]--;
      total--;
    }
  }

  // Comments, discussion by discussion (their ids in time order within each), with replies to earlier top-level
  // comments, and likes. A discussion's last activity is its last comment.
  let nextComment = 0;
  const commentLikes: [string, number][] = [];
  insertRows(
    db,
    'comments',
    ['id', 'discussion_id', 'community_id', 'parent_id', 'depth', 'author_id', 'text', 'spoiler', 'deleted', 'like_count', 'reply_count', 'created_at', 'edited_at'],
    (function* () {
      for (let d = 0; d < D; d++) {
        const n = comments[d];
        if (n === 0) {
          lastAgo[d] = createdAgo[d];
          continue;
        }
        const big = d === BIG_DISCUSSION;
        const step = Math.min(600, (createdAgo[d] - 60) / (n + 1));
        const rows: unknown[][] = [];
        const topLevel: number[] = [];
        for (let i = 0; i < n; i++) {
          const id = commentId(nextComment++);
          const replyShare = big ? 0.6 : 0.3;
          const parent = topLevel.length > 0 && rand() < replyShare ? topLevel[Math.floor(rand() * topLevel.length)] : -1;
          const likes = big ? (parent === -1 && topLevel.length < 50 ? 500 : tailed(rand, 5, 0, 2_000)) : rand() < 0.05 ? tailed(rand, 3, 1, 500) : 0;
          const at = isoBefore(now, createdAgo[d] - (i + 1) * step);
          const row = [id, discussionId(d), communityId(communityOf[d]), parent === -1 ? null : rows[parent][0], parent === -1 ? 0 : 1, personId(Math.floor(rand() * people)), TEXTS[i % TEXTS.length], 0, 0, likes, 0, at, null];
          if (parent === -1) topLevel.push(rows.length);
          else (rows[parent] as number[])[10]++;
          rows.push(row);
          if (likes > 0) commentLikes.push([id, likes]);
        }
        lastAgo[d] = createdAgo[d] - n * step;
        yield* rows;
      }
    })(),
  );
  insertRows(
    db,
    'comment_likes',
    ['comment_id', 'user_id', 'created_at'],
    (function* () {
      const at = isoBefore(now, 60);
      for (const [id, likes] of commentLikes) {
        const seen = new Set<number>();
        while (seen.size < likes) seen.add(Math.floor(rand() * people));
        for (const p of [...seen].sort((a, b) => a - b)) yield [id, personId(p), at];
      }
    })(),
  );

  const discussionLikes = new Int32Array(D);
  insertRows(
    db,
    'discussion_likes',
    ['discussion_id', 'user_id', 'created_at'],
    (function* () {
      for (let d = 0; d < D; d++) {
        const likes = d === BIG_DISCUSSION ? 800 : tailed(rand, 1, 0, 1_000);
        const seen = new Set<number>();
        while (seen.size < likes) seen.add(Math.floor(rand() * people));
        discussionLikes[d] = likes;
        for (const p of [...seen].sort((a, b) => a - b)) yield [discussionId(d), personId(p), isoBefore(now, createdAgo[d] - 30)];
      }
    })(),
  );
  insertRows(
    db,
    'discussions',
    ['id', 'community_id', 'author_id', 'title', 'body', 'spoiler', 'locked', 'is_public', 'like_count', 'comment_count', 'created_at', 'edited_at', 'last_activity_at'],
    (function* () {
      for (let d = 0; d < D; d++) {
        const c = communityOf[d];
        const title = d === BIG_DISCUSSION ? 'The greatest film ever made: make your case' : `${WORDS[d % WORDS.length]} night #${d}: what are you watching?`;
        yield [
          discussionId(d),
          communityId(c),
          personId((d * 31 + 7) % people),
          title,
          TEXTS[d % TEXTS.length],
          0,
          0,
          isPublicCommunity(c) ? 1 : 0,
          discussionLikes[d],
          comments[d],
          isoBefore(now, createdAgo[d]),
          null,
          isoBefore(now, lastAgo[d]),
        ];
      }
    })(),
  );

  // A community's latest activity: its latest discussion's.
  const activityAgo = new Float64Array(C).fill(400 * day);
  for (let d = 0; d < D; d++) activityAgo[communityOf[d]] = Math.min(activityAgo[communityOf[d]], lastAgo[d]);
  insertRows(
    db,
    'communities',
    ['id', 'name', 'name_key', 'description', 'is_public', 'image_url', 'admin_id', 'is_general', 'member_count', 'discussion_count', 'activity_at', 'created_at', 'updated_at'],
    (function* () {
      for (let c = 0; c < C; c++) {
        const name = `${WORDS[c % WORDS.length]} Club ${c}`;
        const created = isoBefore(now, 400 * day);
        yield [
          communityId(c),
          name,
          name.toLowerCase(),
          `Fans of ${WORDS[c % WORDS.length].toLowerCase()}, talking every week.`,
          isPublicCommunity(c) ? 1 : 0,
          null,
          personId(admins[c]),
          0,
          memberCount[c],
          discussionCount[c],
          isoBefore(now, activityAgo[c]),
          created,
          created,
        ];
      }
    })(),
  );
}

/**
 * Queries that count rows whose counter differs from the rows it counts: each must answer 0. Each counts the rows in
 * one pass (group by) rather than once per counted row, as no index leads with comments.discussion_id.
 */
const differs = (table: string, counter: string, key: string, rows: string) =>
  `select count(*) from ${table} t left join (${rows}) r on r.k = t.${key} where t.${counter} != coalesce(r.n, 0)`;
export const COMMUNITIES_CHECKS: Record<string, string> = {
  'communities.member_count': differs('communities', 'member_count', 'id', `select community_id as k, count(*) as n from community_members where status = 'member' group by community_id`),
  'communities.discussion_count': differs('communities', 'discussion_count', 'id', 'select community_id as k, count(*) as n from discussions group by community_id'),
  'discussions.like_count': differs('discussions', 'like_count', 'id', 'select discussion_id as k, count(*) as n from discussion_likes group by discussion_id'),
  'discussions.comment_count': differs('discussions', 'comment_count', 'id', 'select discussion_id as k, count(*) as n from comments where deleted = 0 group by discussion_id'),
  'discussions.is_public': 'select count(*) from discussions d join communities c on c.id = d.community_id where d.is_public != c.is_public',
  'comments.like_count': differs('comments', 'like_count', 'id', 'select comment_id as k, count(*) as n from comment_likes group by comment_id'),
  'comments.reply_count': differs('comments', 'reply_count', 'id', 'select parent_id as k, count(*) as n from comments where parent_id is not null group by parent_id'),
  'comments.community_id': 'select count(*) from comments k join discussions d on d.id = k.discussion_id where k.community_id != d.community_id',
};
