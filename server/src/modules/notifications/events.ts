import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** What a page's event stream receives: the event's name and its JSON text. */
export type EventSink = (event: string, json: string) => void;

/**
 * Live events for signed-in pages (server-sent events). Each open stream is attached here under its person's id.
 * Without Redis an event is handed to this process's streams; with Redis it is published on one channel, and every
 * process (this one included) hands it to the streams it holds, so a page connected to any process hears it.
 * Events are best-effort: what they announce is always readable again from the notifications and messages routes.
 */
export class EventHub {
  private readonly sinks = new Map<string, Set<EventSink>>();
  private subscriber: Redis | null = null;
  private readonly closers = new Set<() => void>();
  /** How often an open stream gets a comment line, so proxies and browsers keep it open. */
  keepAliveMs = 20_000;

  constructor(
    private readonly redis: Redis | null,
    private readonly log: FastifyBaseLogger,
    /** The Redis channel of the events (`<REDIS_PREFIX>:people-events`). */
    private readonly channel = 'reelhouse:people-events',
  ) {}

  async listen(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => {
      const tab = message.indexOf('\t');
      const tab2 = message.indexOf('\t', tab + 1);
      if (tab < 1 || tab2 < 0) return;
      this.deliver(message.slice(0, tab), message.slice(tab + 1, tab2), message.slice(tab2 + 1));
    });
    await this.subscriber.subscribe(this.channel).catch((err) => this.log.warn({ err }, 'live events: could not subscribe to Redis'));
  }

  /** How many streams this process holds. */
  get streamCount(): number {
    let n = 0;
    for (const set of this.sinks.values()) n += set.size;
    return n;
  }

  /** Sends an event to every open stream of a person, on whichever process holds it. */
  publish(userId: string, event: string, payload: unknown): void {
    const json = JSON.stringify(payload);
    if (this.redis) {
      this.redis.publish(this.channel, `${userId}\t${event}\t${json}`).catch((err) => {
        this.log.warn({ err }, 'live events: publish failed; delivering on this process only');
        this.deliver(userId, event, json);
      });
      return;
    }
    this.deliver(userId, event, json);
  }

  private deliver(userId: string, event: string, json: string): void {
    const set = this.sinks.get(userId);
    if (!set) return;
    for (const sink of set) sink(event, json);
  }

  /** Attaches a stream; answers the function that detaches it. `close` ends it when the server shuts down. */
  attach(userId: string, sink: EventSink, close: () => void): () => void {
    let set = this.sinks.get(userId);
    if (!set) {
      set = new Set();
      this.sinks.set(userId, set);
    }
    set.add(sink);
    this.closers.add(close);
    return () => {
      this.closers.delete(close);
      const current = this.sinks.get(userId);
      if (!current) return;
      current.delete(sink);
      if (current.size === 0) this.sinks.delete(userId);
    };
  }

  /** Ends every stream (server shutdown) and leaves the channel. */
  async close(): Promise<void> {
    for (const close of [...this.closers]) close();
    this.closers.clear();
    this.sinks.clear();
    if (this.subscriber) await this.subscriber.quit().catch(() => undefined);
    this.subscriber = null;
  }
}
