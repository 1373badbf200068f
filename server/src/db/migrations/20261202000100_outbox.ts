import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * The outbox of domain events (server/src/events/): one row per event, written in the same transaction as the write it
 * tells of, delivered after commit to the subscribers modules registered. Times are milliseconds since the epoch (the
 * same comparison on both databases). `claim_expires_at`: a dispatcher took the row until then (a process that dies
 * mid-delivery lets it go); `available_at`: not before then (a failed delivery waits before its retry);
 * `delivered_at`: every subscriber has handled it (pruned after a while). `outbox_deliveries`: one row per event and
 * subscriber that handled it, so a retry runs only the subscribers that have not.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('outbox_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('available_at', t.bigint, (c) => c.notNull())
    .addColumn('claim_expires_at', t.bigint)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', t.bigint)
    .execute();
  // What a dispatcher looks for: undelivered events, oldest first.
  await db.schema
    .createIndex('outbox_events_pending_idx')
    .on('outbox_events')
    .columns(['available_at', 'created_at'])
    .where(sql<boolean>`delivered_at is null`)
    .execute();
  // What pruning looks for: delivered events, oldest first.
  await db.schema.createIndex('outbox_events_delivered_idx').on('outbox_events').column('delivered_at').where(sql<boolean>`delivered_at is not null`).execute();
  await db.schema
    .createTable('outbox_deliveries')
    .addColumn('event_id', 'text', (c) => c.notNull().references('outbox_events.id').onDelete('cascade'))
    .addColumn('subscriber', 'text', (c) => c.notNull())
    .addColumn('delivered_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('outbox_deliveries_pk', ['event_id', 'subscriber'])
    .execute();
}
