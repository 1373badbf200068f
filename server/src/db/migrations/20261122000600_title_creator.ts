import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * titles.creator: the name shown on a title's card (its creator, else its first director), kept on the
 * title itself so cards are read from one table. Written whenever a title's people are written
 * (importers, fixtures); filled here from title_people for the titles already there.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('titles').addColumn('creator', 'text').execute();
  await sql`update titles set creator = (select p.name from title_people p where p.title_id = titles.id
      and p.role in ('creator', 'director') order by p.role, p.ordering limit 1)
    where exists (select 1 from title_people p where p.title_id = titles.id and p.role in ('creator', 'director'))`.execute(db);
}
