import { sql } from 'kysely';
import type { Database } from './database.ts';
import { databaseKind } from './dialect.ts';

/**
 * For tests that an event is recorded in the same transaction as its write: while installed, recording an event of
 * `type` fails (a trigger on outbox_events), so the whole transaction must roll back with it. Answers the undo.
 */
export async function refuseEvents(database: Database, type: string): Promise<() => Promise<void>> {
  const db = database.db;
  const literal = sql.lit(type);
  if (databaseKind(database) === 'sqlite') {
    await sql`create trigger refuse_events before insert on outbox_events when new.type = ${literal} begin select raise(abort, 'event refused'); end`.execute(db);
    return async () => {
      await sql`drop trigger refuse_events`.execute(db);
    };
  }
  await sql`create or replace function refuse_events() returns trigger language plpgsql as $$ begin raise exception 'event refused'; end $$`.execute(db);
  await sql`create trigger refuse_events before insert on outbox_events for each row when (new.type = ${literal}) execute function refuse_events()`.execute(db);
  return async () => {
    await sql`drop trigger refuse_events on outbox_events`.execute(db);
    await sql`drop function refuse_events()`.execute(db);
  };
}
