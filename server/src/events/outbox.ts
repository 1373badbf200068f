import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEvent, DomainEvents, EventType } from './catalog.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Records an event inside the caller's transaction (see `writeWithEvents`). */
export type Emit = <T extends EventType>(type: T, data: DomainEvents[T]) => Promise<void>;

export type Subscriber<T extends EventType> = (event: DomainEvent<T>) => unknown;

interface Registered {
  name: string;
  handler: Subscriber<EventType>;
}

interface ClaimedRow {
  id: string;
  type: string;
  payload: string;
  createdAt: number;
  attempts: number;
}

export interface OutboxOptions {
  /** How long a dispatcher holds the events it claimed; a process that dies lets them go after this. */
  claimMs?: number;
  /** How often the safety net looks for events nobody delivered (a crash, a failed subscriber's retry). */
  sweepMs?: number;
  /** How long delivered events are kept before they are pruned. */
  keepMs?: number;
  /** The first retry's wait after a subscriber failed; it doubles with each attempt, up to an hour. */
  retryMs?: number;
  /** How many events one claim takes. */
  batch?: number;
}

interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** The dispatcher of each database (the app registers its own), for `writeWithEvents` to hand events to after commit. */
const dispatchers = new WeakMap<Database, Outbox>();

/** Writes an event into the outbox, in the transaction `trx` (it is kept or undone with the write). Answers its id. */
export async function recordEvent<T extends EventType>(trx: Db, type: T, data: DomainEvents[T]): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await trx
    .insertInto('outboxEvents')
    .values({ id, type, payload: JSON.stringify(data), createdAt: now, availableAt: now, claimExpiresAt: null, lastError: null, deliveredAt: null })
    .execute();
  return id;
}

/**
 * For a subscriber that writes: marks its delivery of an event (outbox_deliveries, which the outbox reads to skip subscribers that
 * handled an event) in the caller's transaction, with what the subscriber does: whether it was not there yet, i.e.
 * whether to go on. The outbox's own mark after the handler then changes nothing.
 */
export async function markDelivered(trx: Db, eventId: string, subscriber: string): Promise<boolean> {
  const row = await trx
    .insertInto('outboxDeliveries')
    .values({ eventId, subscriber, deliveredAt: Date.now() })
    .onConflict((oc) => oc.columns(['eventId', 'subscriber']).doNothing())
    .returning('eventId')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Runs `fn` in a transaction; the events it emits are written in that transaction and, once it committed, delivered to
 * their subscribers by this process's dispatcher before this answers (so what follows an action, a notification or a
 * level, is there when the request's answer is). If the process dies in between, the next start (or another process's
 * sweep) delivers them; if the transaction is undone, so are they.
 */
export async function writeWithEvents<R>(database: Database, fn: (trx: Transaction<DB>, emit: Emit) => Promise<R>): Promise<R> {
  const ids: string[] = [];
  const result = await database.db.transaction().execute(async (trx) => {
    const emit: Emit = async (type, data) => {
      ids.push(await recordEvent(trx, type, data));
    };
    return fn(trx, emit);
  });
  if (ids.length > 0) await dispatchers.get(database)?.deliver(ids);
  return result;
}

/**
 * The dispatcher: delivers recorded events to the subscribers modules registered, at least once each, and marks each
 * subscriber's delivery (outbox_deliveries) so a retry runs only those that have not handled the event. Subscribers
 * must be idempotent (keyed by the event's id, or harmless when repeated): a process that dies after a subscriber ran
 * and before its mark was written runs it again.
 *
 * Events are claimed before delivery (claim_expires_at): on PostgreSQL the sweep takes rows with
 * `FOR UPDATE SKIP LOCKED`, and claiming by id re-checks the claim under the row lock, so with several processes each
 * event is handled by one; on SQLite one process writes at a time, which suffices.
 */
export class Outbox {
  private readonly subscribers = new Map<string, Registered[]>();
  private readonly names = new Set<string>();
  /** Events this process is delivering now, by id: a second ask for one waits for the first. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private lastPrune = 0;
  private closed = false;
  /** When true, events are written but not delivered after commit (tests: a crash between commit and delivery). */
  paused = false;
  private readonly claimMs: number;
  private readonly sweepMs: number;
  private readonly keepMs: number;
  private readonly retryMs: number;
  private readonly batch: number;

  constructor(
    private readonly database: Database,
    private readonly log: Log,
    opts: OutboxOptions = {},
  ) {
    this.claimMs = opts.claimMs ?? 60_000;
    this.sweepMs = opts.sweepMs ?? 15_000;
    this.keepMs = opts.keepMs ?? 7 * 24 * 3600_000;
    this.retryMs = opts.retryMs ?? 1000;
    this.batch = opts.batch ?? 100;
    dispatchers.set(database, this);
  }

  /**
   * Registers a subscriber, under a name unique in the app and stable across releases (its deliveries are marked by
   * it), for one or more event types.
   */
  subscribe<T extends EventType>(name: string, types: T | readonly T[], handler: Subscriber<T>): void {
    if (this.names.has(name)) throw new Error(`outbox: a subscriber named ${name} is already registered`);
    this.names.add(name);
    for (const type of typeof types === 'string' ? [types] : types) {
      const list = this.subscribers.get(type) ?? [];
      list.push({ name, handler: handler as Subscriber<EventType> });
      this.subscribers.set(type, list);
    }
  }

  /** Delivers events just committed by this process (by id); waits for those this process is delivering already. */
  async deliver(ids: readonly string[]): Promise<void> {
    if (this.paused || this.closed) return;
    const waiting = ids.map((id) => this.inFlight.get(id)).filter((p) => p !== undefined);
    const fresh = ids.filter((id) => !this.inFlight.has(id));
    if (fresh.length > 0) {
      const now = Date.now();
      const rows = (await this.database.db
        .updateTable('outboxEvents')
        .set((eb) => ({ claimExpiresAt: now + this.claimMs, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', fresh)
        .where('deliveredAt', 'is', null)
        .where((eb) => eb.or([eb('claimExpiresAt', 'is', null), eb('claimExpiresAt', '<', now)]))
        .returning(['id', 'type', 'payload', 'createdAt', 'attempts'])
        .execute()) as ClaimedRow[];
      waiting.push(this.run(rows));
    }
    await Promise.all(waiting);
  }

  /**
   * Delivers every event due that nobody holds: those of a process that died before delivering them, and retries of
   * failed subscribers. Runs at start and then every `sweepMs`; prunes delivered events now and then.
   */
  sweep(): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      try {
        for (let round = 0; round < 100 && !this.closed; round++) {
          const rows = await this.claimDue();
          if (rows.length === 0) break;
          await this.run(rows);
          if (rows.length < this.batch) break;
        }
        if (Date.now() - this.lastPrune > Math.min(this.keepMs, 3600_000)) await this.prune();
      } catch (err) {
        this.log.error({ err }, 'outbox: sweep failed');
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  /** Deletes events delivered more than `keepMs` ago (their delivery marks go with them). */
  async prune(now = Date.now()): Promise<number> {
    this.lastPrune = now;
    const cutoff = now - this.keepMs;
    await this.database.db
      .deleteFrom('outboxDeliveries')
      .where('eventId', 'in', (eb) => eb.selectFrom('outboxEvents').select('id').where('deliveredAt', '<', cutoff))
      .execute();
    const res = await this.database.db.deleteFrom('outboxEvents').where('deliveredAt', '<', cutoff).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Delivers what is left from before (a crash), then sweeps every `sweepMs`. */
  async start(): Promise<void> {
    if (this.closed) return;
    await this.sweep();
    if (this.closed) return;
    this.timer = setInterval(() => void this.sweep(), this.sweepMs);
    this.timer.unref();
  }

  /** Stops sweeping and waits for deliveries under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
    await Promise.all([...this.inFlight.values()]);
    if (dispatchers.get(this.database) === this) dispatchers.delete(this.database);
  }

  private async claimDue(): Promise<ClaimedRow[]> {
    const now = Date.now();
    const db = this.database.db;
    const due = (qb: typeof db) =>
      qb
        .selectFrom('outboxEvents')
        .select('id')
        .where('deliveredAt', 'is', null)
        .where('availableAt', '<=', now)
        .where((eb) => eb.or([eb('claimExpiresAt', 'is', null), eb('claimExpiresAt', '<', now)]))
        .orderBy('availableAt')
        .orderBy('createdAt')
        .limit(this.batch);
    if (this.database.dialect === 'postgres') {
      // Materialised first, so the rows locked (and skipped) are those of one pass of the limited scan: as a plain
      // subquery PostgreSQL may run it again for the update and claim more than the batch.
      return (await db
        .with((w) => w('due').materialized(), (qb) => due(qb as typeof db).forUpdate().skipLocked())
        .updateTable('outboxEvents')
        .from('due')
        .set((eb) => ({ claimExpiresAt: now + this.claimMs, attempts: eb('outboxEvents.attempts', '+', 1) }))
        .whereRef('outboxEvents.id', '=', 'due.id')
        .returning(['outboxEvents.id', 'outboxEvents.type', 'outboxEvents.payload', 'outboxEvents.createdAt', 'outboxEvents.attempts'])
        .execute()) as ClaimedRow[];
    }
    // SQLite: one writer at a time; the claim is one statement.
    return (await db
      .updateTable('outboxEvents')
      .set((eb) => ({ claimExpiresAt: now + this.claimMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due(db))
      .returning(['id', 'type', 'payload', 'createdAt', 'attempts'])
      .execute()) as ClaimedRow[];
  }

  /** Delivers claimed events one after another, in the order they were recorded. */
  private run(rows: ClaimedRow[]): Promise<void> {
    rows.sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
    const all = (async () => {
      for (const row of rows) await this.deliverOne(row);
    })();
    for (const row of rows) {
      this.inFlight.set(row.id, all);
    }
    return all.finally(() => {
      for (const row of rows) if (this.inFlight.get(row.id) === all) this.inFlight.delete(row.id);
    });
  }

  private async deliverOne(row: ClaimedRow): Promise<void> {
    const db = this.database.db;
    try {
      const subscribers = this.subscribers.get(row.type) ?? [];
      // A first attempt has no marks yet; a later one skips the subscribers that handled the event already.
      const done =
        Number(row.attempts) > 1 && subscribers.length > 0
          ? new Set((await db.selectFrom('outboxDeliveries').select('subscriber').where('eventId', '=', row.id).execute()).map((r) => r.subscriber))
          : new Set<string>();
      const event: DomainEvent = { id: row.id, type: row.type as EventType, data: JSON.parse(row.payload), createdAt: Number(row.createdAt) };
      const handled: string[] = [];
      let failure: unknown = null;
      for (const s of subscribers) {
        if (done.has(s.name)) continue;
        try {
          await s.handler(event);
          handled.push(s.name);
        } catch (err) {
          failure ??= err;
          this.log.error({ err, eventId: row.id, eventType: row.type, subscriber: s.name }, 'outbox: subscriber failed; it will be retried');
        }
      }
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        if (handled.length > 0) {
          await trx
            .insertInto('outboxDeliveries')
            .values(handled.map((subscriber) => ({ eventId: row.id, subscriber, deliveredAt: now })))
            .onConflict((oc) => oc.columns(['eventId', 'subscriber']).doNothing())
            .execute();
        }
        if (failure === null) {
          await trx.updateTable('outboxEvents').set({ deliveredAt: now, claimExpiresAt: null, lastError: null }).where('id', '=', row.id).execute();
        } else {
          const wait = Math.min(this.retryMs * 2 ** (Number(row.attempts) - 1), 3600_000);
          const message = failure instanceof Error ? failure.message : String(failure);
          await trx
            .updateTable('outboxEvents')
            .set({ availableAt: now + wait, claimExpiresAt: null, lastError: message.slice(0, 1000) })
            .where('id', '=', row.id)
            .execute();
        }
      });
    } catch (err) {
      // The claim runs out and the sweep tries again.
      this.log.error({ err, eventId: row.id }, 'outbox: delivery failed');
    }
  }
}
