import type { Redis } from 'ioredis';

/** What the cache keeps per session token; the shape resolved by the session plugin. */
export interface CachedSession {
  id: string;
  sessionId: string;
  /** Session expiry, epoch milliseconds. */
  expiresAt: number;
}

interface Entry<T> {
  value: T;
  /** Epoch ms after which the entry is looked up again. */
  freshUntil: number;
}

/**
 * Signed-in calls resolve their session on every request. Doing that from memory instead of
 * the database is the difference between a read that costs a query and one that does not.
 *
 * Entries live for `ttlMs` at most, and are dropped at once when the session ends (logout)
 * or the person's profile changes. With Redis configured, those drops are published so
 * every instance forgets the entry too; the TTL bounds staleness if a message is lost.
 * Unknown tokens are never cached, so guessing tokens cannot fill memory.
 */
export class SessionCache<T extends CachedSession> {
  private readonly byToken = new Map<string, Entry<T>>();
  private subscriber: Redis | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
    private readonly redis: Redis | null = null,
    /** The Redis channel of the drops (`<REDIS_PREFIX>:session-cache`). */
    private readonly channel = 'reelhouse:session-cache',
  ) {}

  /** Subscribes to drops published by other instances. */
  async listen(): Promise<void> {
    if (!this.redis || this.ttlMs === 0) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      const [kind, id] = [message.slice(0, 1), message.slice(2)];
      if (kind === 's') this.dropLocal((v) => v.sessionId === id);
      else if (kind === 'u') this.dropLocal((v) => v.id === id);
    });
    this.subscriber.on('error', () => undefined);
    // Without Redis at start-up the TTL still bounds staleness; ioredis resubscribes on reconnect.
    await this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.subscriber) await this.subscriber.quit().catch(() => undefined);
    this.subscriber = null;
  }

  get(token: string, now: number): T | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || entry.value.expiresAt <= now) {
      this.byToken.delete(token);
      return undefined;
    }
    return entry.value;
  }

  set(token: string, value: T, now: number): void {
    if (this.ttlMs === 0) return;
    if (this.byToken.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.byToken.delete(oldest);
    }
    this.byToken.set(token, { value, freshUntil: now + this.ttlMs });
  }

  /** The session ended (logout, revocation). */
  forgetSession(sessionId: string): void {
    this.dropLocal((v) => v.sessionId === sessionId);
    this.publish(`s:${sessionId}`);
  }

  /** Something the session carries about the person changed (profile, deletion). */
  forgetUser(userId: string): void {
    this.dropLocal((v) => v.id === userId);
    this.publish(`u:${userId}`);
  }

  get size(): number {
    return this.byToken.size;
  }

  private dropLocal(match: (value: T) => boolean): void {
    for (const [token, entry] of this.byToken) if (match(entry.value)) this.byToken.delete(token);
  }

  private publish(message: string): void {
    if (this.redis) this.redis.publish(this.channel, message).catch(() => undefined);
  }
}
