import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * The catalogue: movies and TV series keyed by IMDb id where known
 * (otherwise by a source-prefixed id such as "jw-tm84618").
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('titles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('imdb_id', 'text', (c) => c.unique())
    .addColumn('justwatch_id', 'text', (c) => c.unique())
    .addColumn('tmdb_id', 'integer')
    .addColumn('title_type', 'text', (c) => c.notNull().check(sql`title_type in ('movie', 'tvSeries')`))
    .addColumn('primary_title', 'text', (c) => c.notNull())
    .addColumn('original_title', 'text')
    // lower-case, accent-free "primary original" used by search
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('start_year', 'integer')
    .addColumn('end_year', 'integer')
    .addColumn('release_date', 'text') // YYYY-MM-DD when known
    .addColumn('runtime_minutes', 'integer')
    .addColumn('genres', 'text', (c) => c.notNull().defaultTo('')) // comma-separated, display order
    .addColumn('plot', 'text')
    .addColumn('certification', 'text')
    .addColumn('seasons', 'integer')
    .addColumn('imdb_rating', t.real)
    .addColumn('imdb_votes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gross_usd', t.bigint)
    .addColumn('poster_url', 'text')
    .addColumn('backdrop_url', 'text')
    .addColumn('popularity', t.real, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('titles_type_popularity_idx').on('titles').columns(['title_type', 'popularity']).execute();
  await db.schema.createIndex('titles_type_rating_idx').on('titles').columns(['title_type', 'imdb_rating']).execute();
  await db.schema.createIndex('titles_type_gross_idx').on('titles').columns(['title_type', 'gross_usd']).execute();
  await db.schema.createIndex('titles_type_release_idx').on('titles').columns(['title_type', 'release_date']).execute();
  await db.schema.createIndex('titles_title_year_idx').on('titles').columns(['search_text', 'start_year']).execute();

  await db.schema
    .createTable('title_genres')
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('genre', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('title_genres_pk', ['genre', 'title_id'])
    .execute();
  await db.schema.createIndex('title_genres_title_idx').on('title_genres').column('title_id').execute();

  await db.schema
    .createTable('title_people')
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('ordering', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('actor', 'director', 'writer', 'creator')`))
    .addColumn('character', 'text')
    .addPrimaryKeyConstraint('title_people_pk', ['title_id', 'role', 'ordering'])
    .execute();
}
