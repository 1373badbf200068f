import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** One open event stream as the hub holds it: the route's response, seen through what the hub needs of it. */
export interface StreamHandle {
  /** The person whose stream it is. */
  userId: string;
  /** The session (or access token: `token:<id>`) it was opened with. */
  sessionId: string;
  /** When that session stops counting (epoch ms): the stream is ended then, and the page reconnects or not. */
  expiresAt: number;
  /** Writes server-sent event text. */
  write(text: string): void;
  /** Bytes written that the socket has not taken yet. */
  pending(): number;
  /** Ends the answer once what was written has gone out. */
  end(): void;
  /** Drops the connection at once (a reader that reads nothing). */
  destroy(): void;
}

/** Why the hub ends a stream with an event first: the page's answer to each is in web/src/lib/live-events.ts. */
export type EndingEvent = 'signed-out' | 'account-closed' | 'evicted';

export interface EventHubOptions {
  /** Start of the Redis channels and keys (`REDIS_PREFIX`). */
  prefix?: string;
  /** Streams one person may hold open at once (`EVENT_STREAMS_PER_PERSON`): one more ends the oldest. */
  perPerson?: number;
  /** How often every open stream gets a comment line (`EVENT_STREAM_HEARTBEAT_MS`). */
  heartbeatMs?: number;
  /** A stream with more than this many bytes not taken by its socket at a heartbeat is dropped. */
  maxPendingBytes?: number;
}

interface Held {
  /** `<process id>:<sequence>`: unique across processes, and in open order within one. */
  key: string;
  handle: StreamHandle;
  openedAt: number;
  expiry: ReturnType<typeof setTimeout> | null;
}

/** How long a person's set of open streams is kept in Redis after the last stream was opened. */
const STREAM_SET_TTL_MS = 24 * 3600 * 1000;
/** setTimeout's longest wait. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Live events for signed-in pages (server-sent events). Each open stream is attached here under its person and its
 * session. Without Redis an event is handed to this process's streams; with Redis it is published on one channel, and
 * every process (this one included) hands it to the streams it holds, so a page connected to any process hears it.
 * Events are best-effort: what they announce is always readable again from the notifications and messages routes.
 *
 * The hub also bounds and ends streams: a person holds at most `perPerson` streams (across processes through a Redis
 * sorted set per person, within each process always), the oldest making room with an `evicted` event; every stream
 * gets a comment line each `heartbeatMs`, and one whose socket stopped taking bytes is dropped; a session's streams
 * end when it ends (sign-out, a revoked token), a person's when they are suspended or close their account, on
 * whichever process holds them (a control channel beside the events').
 */
export class EventHub {
  private readonly streams = new Map<string, Held>();
  private readonly byUser = new Map<string, Set<Held>>();
  private readonly bySession = new Map<string, Set<Held>>();
  private subscriber: Redis | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private sequence = 0;
  private readonly processId = randomUUID().slice(0, 8);
  private readonly channel: string;
  private readonly controlChannel: string;
  private readonly prefix: string;
  readonly perPerson: number;
  readonly heartbeatMs: number;
  private readonly maxPendingBytes: number;

  constructor(
    private readonly redis: Redis | null,
    private readonly log: FastifyBaseLogger,
    options: EventHubOptions = {},
  ) {
    this.prefix = options.prefix ?? 'reelhouse';
    this.channel = `${this.prefix}:people-events`;
    this.controlChannel = `${this.prefix}:people-streams`;
    this.perPerson = options.perPerson ?? 5;
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.maxPendingBytes = options.maxPendingBytes ?? 1024 * 1024;
  }

  async listen(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, message: string) => {
      const tab = message.indexOf('\t');
      if (tab < 1) return;
      if (channel === this.controlChannel) {
        this.control(message.slice(0, tab), message.slice(tab + 1));
        return;
      }
      const tab2 = message.indexOf('\t', tab + 1);
      if (tab2 < 0) return;
      this.deliver(message.slice(0, tab), message.slice(tab + 1, tab2), message.slice(tab2 + 1));
    });
    await this.subscriber.subscribe(this.channel, this.controlChannel).catch((err) => this.log.warn({ err }, 'live events: could not subscribe to Redis'));
  }

  /** How many streams this process holds. */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Sends an event to every open stream of a person, on whichever process holds it. */
  publish(userId: string, event: string, payload: unknown): void {
    const json = JSON.stringify(payload);
    this.send(this.channel, `${userId}\t${event}\t${json}`, () => this.deliver(userId, event, json));
  }

  /** Ends every open stream of a session (sign-out, a revoked token), after `event`, wherever it is held. */
  endSession(sessionId: string, event: EndingEvent = 'signed-out'): void {
    this.send(this.controlChannel, `session\t${event}\t${sessionId}`, () => this.endAll(this.bySession.get(sessionId), event));
  }

  /** Ends every open stream of a person (suspension, a closed account), after `event`, wherever it is held. */
  endPerson(userId: string, event: EndingEvent): void {
    this.send(this.controlChannel, `person\t${event}\t${userId}`, () => this.endAll(this.byUser.get(userId), event));
  }

  /**
   * Attaches a stream; answers the function that detaches it (call it when the answer closes, whatever closed it).
   * Past `perPerson` streams of the person the oldest is ended with `evicted`: at once among this process's, and
   * across processes once Redis answered (without Redis, or while it is away, the bound holds per process).
   */
  attach(handle: StreamHandle): () => void {
    const now = Date.now();
    const held: Held = { key: `${this.processId}:${(this.sequence++).toString(36).padStart(10, '0')}`, handle, openedAt: now, expiry: null };
    const mine = this.byUser.get(handle.userId);
    if (mine && mine.size >= this.perPerson) {
      const oldest = [...mine].slice(0, mine.size - this.perPerson + 1);
      for (const h of oldest) this.end(h, 'evicted');
    }
    this.streams.set(held.key, held);
    add(this.byUser, handle.userId, held);
    add(this.bySession, handle.sessionId, held);
    // A stream outlives no session: past its expiry it ends without an event, and the page's reconnection is checked afresh.
    held.expiry = setTimeout(() => this.end(held, null), Math.min(Math.max(handle.expiresAt - now, 0), LONGEST_TIMER_MS));
    held.expiry.unref();
    if (!this.ticker) {
      this.ticker = setInterval(() => this.heartbeat(), this.heartbeatMs);
      this.ticker.unref();
    }
    if (this.redis) this.boundAcrossProcesses(this.redis, held);
    return () => this.detach(held);
  }

  /** Ends every stream (server shutdown) and leaves the channels. */
  async close(): Promise<void> {
    for (const held of [...this.streams.values()]) this.end(held, null);
    this.stopTicker();
    if (this.subscriber) await this.subscriber.quit().catch(() => undefined);
    this.subscriber = null;
  }

  private send(channel: string, message: string, locally: () => void): void {
    if (!this.redis) {
      locally();
      return;
    }
    this.redis.publish(channel, message).catch((err) => {
      this.log.warn({ err }, 'live events: publish failed; delivering on this process only');
      locally();
    });
  }

  private deliver(userId: string, event: string, json: string): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const held of set) held.handle.write(`event: ${event}\ndata: ${json}\n\n`);
  }

  private control(kind: string, rest: string): void {
    if (kind === 'evict') {
      const held = this.streams.get(rest);
      if (held) this.end(held, 'evicted');
      return;
    }
    const tab = rest.indexOf('\t');
    const event = rest.slice(0, tab);
    if (event !== 'signed-out' && event !== 'account-closed' && event !== 'evicted') return;
    const id = rest.slice(tab + 1);
    if (kind === 'session') this.endAll(this.bySession.get(id), event);
    else if (kind === 'person') this.endAll(this.byUser.get(id), event);
  }

  private endAll(set: Set<Held> | undefined, event: EndingEvent): void {
    if (set) for (const held of [...set]) this.end(held, event);
  }

  /** Ends a stream, after `event` when given (the page reads it before the connection closes). */
  private end(held: Held, event: EndingEvent | null): void {
    if (!this.streams.has(held.key)) return;
    if (event) held.handle.write(`event: ${event}\ndata: ${JSON.stringify(event === 'evicted' ? { limit: this.perPerson } : {})}\n\n`);
    this.detach(held);
    held.handle.end();
  }

  private detach(held: Held): void {
    if (!this.streams.delete(held.key)) return;
    if (held.expiry) clearTimeout(held.expiry);
    remove(this.byUser, held.handle.userId, held);
    remove(this.bySession, held.handle.sessionId, held);
    if (this.streams.size === 0) this.stopTicker();
    // Best effort: a member left behind (Redis away, a process that died) is among the oldest, so it is the first to go.
    this.redis?.zrem(this.setKey(held.handle.userId), held.key).catch(() => undefined);
  }

  private heartbeat(): void {
    for (const held of [...this.streams.values()]) {
      if (held.handle.pending() > this.maxPendingBytes) {
        // Its reader takes nothing (gone without a word, or stalled): what is queued for it would only grow.
        this.detach(held);
        held.handle.destroy();
      } else {
        held.handle.write(': keep-alive\n\n');
      }
    }
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private setKey(userId: string): string {
    return `${this.prefix}-streams:${userId}`;
  }

  /**
   * The person's open streams in every process are a sorted set in Redis (member: the stream's key; score: when it
   * was opened). One transaction adds this stream, reads the members past the newest `perPerson` and removes them;
   * each of those is ended by the process that holds it.
   */
  private boundAcrossProcesses(redis: Redis, held: Held): void {
    const key = this.setKey(held.handle.userId);
    const past = -(this.perPerson + 1);
    redis
      .multi()
      .zadd(key, held.openedAt, held.key)
      .zrange(key, '0', String(past))
      .zremrangebyrank(key, 0, past)
      .pexpire(key, STREAM_SET_TTL_MS)
      .exec()
      .then((results) => {
        const over = results?.[1]?.[1];
        if (!Array.isArray(over)) return;
        for (const member of over as string[]) {
          const local = this.streams.get(member);
          if (local) this.end(local, 'evicted');
          else if (!member.startsWith(`${this.processId}:`)) redis.publish(this.controlChannel, `evict\t${member}`).catch(() => undefined);
        }
      })
      .catch((err) => this.log.warn({ err }, 'live events: could not count the streams across processes; bounded per process meanwhile'));
  }
}

function add(map: Map<string, Set<Held>>, id: string, held: Held): void {
  const set = map.get(id);
  if (set) set.add(held);
  else map.set(id, new Set([held]));
}

function remove(map: Map<string, Set<Held>>, id: string, held: Held): void {
  const set = map.get(id);
  if (!set) return;
  set.delete(held);
  if (set.size === 0) map.delete(id);
}
