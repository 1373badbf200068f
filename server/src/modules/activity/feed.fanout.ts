import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../../events/index.ts';
import * as repo from './feed.repository.ts';

/** Followers whose inboxes a fan-out fills while the author's write waits: the rest goes on in the background. */
export const INLINE_FOLLOWERS = 100;
/** Followers a background batch fills (one statement, then the next request gets its turn). */
const BATCH_FOLLOWERS = 500;
/** Followers a batch of a history import's fan-out fills (each gets up to 3 × RECENT_ITEMS rows). */
const RECENT_BATCH_FOLLOWERS = 20;
/** How long a process holds a fan-out it claimed; one that dies lets it go after this. */
const CLAIM_MS = 60_000;
/** How often each process looks for fan-outs nobody holds (left by a process that died, or by another one). */
const SWEEP_MS = 10_000;

interface Log {
  error(obj: unknown, msg?: string): void;
}

/**
 * The feed's fan-out on write (docs/architecture.md, "The feed"): each reader has an inbox of the items the feed may
 * show them, written when someone they follow makes one. The first INLINE_FOLLOWERS followers are written while the
 * author's request waits (the outbox delivers after commit, before the answer); an author with more followers gets the
 * rest from a background job (`feed_fanouts`, in batches, resumable, one process a fan-out), so a celebrity's review is
 * answered as fast as anyone's.
 */
export class FeedFanouts {
  /** The fan-outs of each database's app (tests wait for the background with `of(database).drain()`). */
  private static readonly byDatabase = new WeakMap<Database, FeedFanouts>();
  static of(database: Database): FeedFanouts | undefined {
    return FeedFanouts.byDatabase.get(database);
  }
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: Log,
  ) {
    FeedFanouts.byDatabase.set(database, this);
  }

  /** Fans out what an event made: the first followers now, the rest recorded for the background. */
  async fanOut(eventId: string, what: repo.FanoutWhat): Promise<void> {
    const db = this.database.db;
    const first = what.mode === 'item' ? INLINE_FOLLOWERS : RECENT_BATCH_FOLLOWERS;
    const stopped = await repo.fanOutBatch(db, what, null, first);
    if (stopped === null) return;
    await repo.addFanout(db, eventId, what, stopped);
    this.kick();
  }

  /** Starts the background work unless it runs already. */
  kick(): void {
    if (this.closed || this.running) return;
    this.running = this.drain()
      .catch((err) => this.log.error({ err }, 'feed: fan-out failed; it is tried again'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Waits until the background work this process runs now has finished. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Runs every fan-out nobody holds to its end (tests wait on it; the app runs it in the background). */
  async drain(): Promise<void> {
    const db = this.database.db;
    while (!this.closed) {
      const job = await repo.claimFanout(db, Date.now(), Date.now() + CLAIM_MS);
      if (!job) return;
      const batch = job.what.mode === 'item' ? BATCH_FOLLOWERS : RECENT_BATCH_FOLLOWERS;
      let after = job.after;
      for (;;) {
        if (this.closed) return;
        await yieldToRequests();
        const stopped = await repo.fanOutBatch(db, job.what, after, batch);
        if (stopped === null) break;
        after = stopped;
        await repo.advanceFanout(db, job.id, stopped, Date.now() + CLAIM_MS);
      }
      await repo.finishFanout(db, job.id);
    }
  }

  /** Picks up what an earlier run left, then looks again every SWEEP_MS. */
  start(): void {
    if (this.closed) return;
    this.kick();
    this.timer = setInterval(() => this.kick(), SWEEP_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/**
 * The feed's subscribers: items made fan out to their author's followers; a follow fills the reader's inbox with the
 * followed person's newest items, an unfollow or a block (either way) empties it of them; an item deleted leaves every
 * inbox; a closed account leaves them all. What can come back (a hidden item shown again, a suspension lifted, a list
 * made public again, a mute lifted) stays in the inbox and is left out at read (feed.repository.ts `inboxPage`).
 * Every one is idempotent: the inbox's key keeps an item once per reader.
 */
export function subscribeFeed(outbox: Outbox, database: Database, fanouts: FeedFanouts): void {
  const db = database.db;
  outbox.subscribe('feed.rating', 'rating.created', (e) => fanouts.fanOut(e.id, { mode: 'item', kind: 'rating', id: e.data.ratingId, authorId: e.data.userId }));
  outbox.subscribe('feed.list', 'list.created', (e) => fanouts.fanOut(e.id, { mode: 'item', kind: 'list', id: e.data.listId, authorId: e.data.ownerId }));
  outbox.subscribe('feed.discussion', 'discussion.created', (e) =>
    fanouts.fanOut(e.id, { mode: 'item', kind: 'discussion', id: e.data.discussionId, authorId: e.data.authorId }),
  );
  // A history import's batch: the author's newest items (the imported ones among them, by their own dates).
  outbox.subscribe('feed.ratingsImported', 'ratings.imported', (e) => (e.data.created > 0 ? fanouts.fanOut(e.id, { mode: 'recent', authorId: e.data.userId }) : undefined));
  outbox.subscribe('feed.listImported', 'list.imported', (e) => (e.data.created ? fanouts.fanOut(e.id, { mode: 'recent', authorId: e.data.ownerId }) : undefined));
  outbox.subscribe('feed.follow', 'follow.created', (e) => repo.backfillReader(db, e.data.followerId, e.data.followeeId));
  outbox.subscribe('feed.unfollow', 'follow.removed', (e) => repo.removeAuthorFor(db, e.data.followerId, e.data.followeeId));
  outbox.subscribe('feed.block', 'block.created', async (e) => {
    await repo.removeAuthorFor(db, e.data.blockerId, e.data.blockedId);
    await repo.removeAuthorFor(db, e.data.blockedId, e.data.blockerId);
  });
  outbox.subscribe('feed.itemDeleted', ['rating.deleted', 'list.deleted', 'discussion.deleted'], (e) => {
    const d = e.data as { ratingId?: string; listId?: string; discussionId?: string };
    return repo.removeItem(db, d.ratingId ?? d.listId ?? d.discussionId ?? '');
  });
  outbox.subscribe('feed.eraseAccount', 'account.deleted', (e) => repo.eraseAccountFeed(db, e.data.userId));
}
