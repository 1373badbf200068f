import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * titles.people_json: a title page's people as one JSON array of [name, role, character] (role, then billing
 * order, at most 60), kept on the title so a cold title page is one row lookup. Written whenever a title's
 * people are written (importers, fixtures: PEOPLE_JSON_OF in titles.repository.ts); filled here from
 * title_people for the titles already there.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('titles').addColumn('people_json', 'text').execute();
  const people =
    dialect === 'postgres'
      ? sql`select coalesce(json_agg(json_build_array(name, role, character) order by role, ordering), '[]')::text from
          (select name, role, character, ordering from title_people where title_id = titles.id order by role, ordering limit 60) p`
      : sql`select json_group_array(json_array(name, role, character) order by role, ordering) from
          (select name, role, character, ordering from title_people where title_id = titles.id order by role, ordering limit 60)`;
  await sql`update titles set people_json = (${people})`.execute(db);
}
