import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Gems, badges and payments.
 * - gem_transactions is the ledger: one row per credit or debit, each with a unique `key` naming its cause
 *   (`purchase:<id>`, `refund:<id>:<n>`, `badge:<userId>:<badgeId>`, `level:<userId>:<level>`), so a cause is
 *   booked once however often it is retried. gem_balances holds each person's sum of the ledger, updated in the
 *   same transaction as the row, never below zero.
 * - badges is the catalogue; user_badges what each person owns; equipped_badges the one on their picture.
 * - purchases are checkouts (pending, then paid, canceled or refunded); subscriptions one per person;
 *   payment_events the provider's events already processed, keyed by the provider's event id.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('gem_balances')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .execute();
  await db.schema
    .createTable('gem_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gem_transactions_user_newest_idx').on('gem_transactions').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('badges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_badges')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('badge_id', 'text', (c) => c.notNull().references('badges.id').onDelete('cascade'))
    .addColumn('acquired_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_badges_pk', ['user_id', 'badge_id'])
    .execute();
  await db.schema
    .createTable('equipped_badges')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('badge_id', 'text', (c) => c.notNull().references('badges.id').onDelete('cascade'))
    .execute();

  const catalogue: [string, string, string, string, string, number][] = [
    ['popcorn', 'Popcorn', '🍿', '#f59e0b', 'top', 50],
    ['clapper', 'Clapperboard', '🎬', '#64748b', 'top', 75],
    ['film-reel', 'Film Reel', '🎞️', '#8b5cf6', 'bottom', 100],
    ['ticket', 'Golden Ticket', '🎟️', '#eab308', 'bottom', 150],
    ['camera', 'Movie Camera', '🎥', '#0ea5e9', 'top', 200],
    ['star', 'Rising Star', '🌟', '#f97316', 'top', 250],
    ['masks', 'Drama Masks', '🎭', '#ec4899', 'bottom', 300],
    ['alien', 'Sci-Fi Alien', '👽', '#22c55e', 'top', 350],
    ['ghost', 'Horror Ghost', '👻', '#a1a1aa', 'bottom', 400],
    ['trophy', 'Award Winner', '🏆', '#d97706', 'top', 750],
  ];
  await db
    .insertInto('badges' as never)
    .values(catalogue.map(([id, name, emoji, color, position, price], sort) => ({ id, name, emoji, color, position, price, sort })) as never)
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('current_period_end', t.timestamp, (c) => c.notNull())
    .addColumn('cancel_at_period_end', t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn('ended_at', t.timestamp)
    /** The provider's time (epoch seconds) of the last event applied: an older event never overwrites a newer state. */
    .addColumn('provider_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_provider_ref_idx').on('subscriptions').columns(['provider', 'provider_ref']).execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('gems', 'integer')
    .addColumn('provider', 'text', (c) => c.notNull())
    /** Stripe: the Checkout Session id, or the invoice id of a renewal. */
    .addColumn('provider_ref', 'text')
    /** Stripe: the payment intent a refund names. */
    .addColumn('payment_ref', 'text')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('paid_at', t.timestamp)
    .execute();
  await db.schema.createIndex('purchases_user_newest_idx').on('purchases').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('purchases_provider_ref_idx').on('purchases').columns(['provider', 'provider_ref']).unique().execute();
  await db.schema.createIndex('purchases_payment_ref_idx').on('purchases').columns(['provider', 'payment_ref']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}
