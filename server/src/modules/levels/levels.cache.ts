import type { Redis } from 'ioredis';
import type { LevelProgress } from '../../../../common/contracts/levels.ts';

/**
 * GET /api/user/me answers every page load; its level part is kept per person for SESSION_CACHE_SECONDS, like the
 * session and premium caches. Every level check (run after each level-relevant action) and every rating deletion
 * drops it at once, on every instance through Redis when REDIS_URL is set; another undone action (a comment or
 * discussion deleted, a community left) is seen within SESSION_CACHE_SECONDS. Profiles read the level afresh.
 */
export class LevelCache {
  private readonly byUser = new Map<string, { value: LevelProgress; freshUntil: number }>();
  private subscriber: Redis | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly redis: Redis | null = null,
    private readonly maxEntries = 20_000,
    /** The Redis channel of the drops (`<REDIS_PREFIX>:level-cache`). */
    private readonly channel = 'reelhouse:level-cache',
  ) {}

  async of(userId: string, load: () => Promise<LevelProgress>, now = Date.now()): Promise<LevelProgress> {
    const hit = this.byUser.get(userId);
    if (hit && hit.freshUntil > now) return hit.value;
    const value = await load();
    if (this.ttlMs > 0) {
      if (this.byUser.size >= this.maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = this.byUser.keys().next().value;
        if (oldest !== undefined) this.byUser.delete(oldest);
      }
      this.byUser.delete(userId);
      this.byUser.set(userId, { value, freshUntil: now + this.ttlMs });
    }
    return value;
  }

  forget(userId: string): void {
    this.byUser.delete(userId);
    if (this.redis && this.ttlMs > 0) this.redis.publish(this.channel, userId).catch(() => undefined);
  }

  async listen(): Promise<void> {
    if (!this.redis || this.ttlMs === 0) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, userId: string) => {
      this.byUser.delete(userId);
    });
    this.subscriber.on('error', () => undefined);
    await this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.subscriber) await this.subscriber.quit().catch(() => undefined);
    this.subscriber = null;
  }
}
