import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from '../../db/database.ts';
import { forEngine } from '../../db/dialect.ts';
import type { TitleType } from '../../db/schema.ts';
import { CREATOR_OF, PEOPLE_JSON_OF } from '../titles/index.ts';

/** A titles row as stored (snake_case, as the raw drivers return it). */
export interface TitleRow {
  id: string;
  imdb_id: string | null;
  justwatch_id: string | null;
  tmdb_id: number | null;
  title_type: TitleType;
  primary_title: string;
  original_title: string | null;
  search_text: string;
  match_key: string | null;
  start_year: number | null;
  end_year: number | null;
  release_date: string | null;
  runtime_minutes: number | null;
  genres: string;
  plot: string | null;
  certification: string | null;
  seasons: number | null;
  imdb_rating: number | null;
  imdb_votes: number;
  gross_usd: number | null;
  budget_usd: number | null;
  poster_url: string | null;
  backdrop_url: string | null;
  tmdb_popularity: number | null;
  popularity: number;
  created_at: string;
  updated_at: string;
}

export type PersonRole = 'actor' | 'director' | 'writer' | 'creator';

export const COLUMNS: (keyof TitleRow)[] = [
  'id', 'imdb_id', 'justwatch_id', 'tmdb_id', 'title_type', 'primary_title', 'original_title', 'search_text',
  'match_key', 'start_year', 'end_year', 'release_date', 'runtime_minutes', 'genres', 'plot', 'certification',
  'seasons', 'imdb_rating', 'imdb_votes', 'gross_usd', 'budget_usd', 'poster_url', 'backdrop_url',
  'tmdb_popularity', 'popularity', 'created_at', 'updated_at',
];
const UPDATED = COLUMNS.filter((c) => c !== 'id' && c !== 'created_at');
const CONFLICT_SET = UPDATED.map((c) => `${c} = excluded.${c}`).join(', ');

export interface PeopleRow {
  title_id: string;
  role: PersonRole;
  ordering: number;
  name: string;
  character: string | null;
}

/** Titles whose people this batch writes: their titles.people_json is written again. */
function peopleTitleIds(batch: BatchWrite): string[] {
  const ids = new Set<string>();
  for (const d of batch.people.deletes) ids.add(d.titleId);
  for (const p of batch.people.inserts) ids.add(p.title_id);
  return [...ids];
}

/** Titles whose creator or director rows a batch changes. */
function creatorTitleIds(batch: BatchWrite): string[] {
  const ids = new Set<string>();
  for (const d of batch.people.deletes) if (d.role === 'creator' || d.role === 'director') ids.add(d.titleId);
  for (const p of batch.people.inserts) if (p.role === 'creator' || p.role === 'director') ids.add(p.title_id);
  return [...ids];
}

export interface BatchWrite {
  rows: TitleRow[];
  genres: { ids: string[]; titleIds: string[]; genres: string[] };
  people: { deletes: { titleId: string; role: string }[]; inserts: PeopleRow[] };
  /** Services carrying titles (parallel arrays): added to title_providers as source 'justwatch', once each. */
  providers: { titleIds: string[]; providers: string[]; countries: string[] };
}

/** The part written once per database engine (db/: forEngine): a handful of set-based queries per batch, never one per row. */
export interface Store {
  /** Patches gathered before a batch is written. */
  readonly batchSize: number;
  titlesByIds(ids: string[], justwatchIds: string[]): Promise<TitleRow[]>;
  candidatesByMatchKeys(keys: string[]): Promise<Pick<TitleRow, 'id' | 'match_key' | 'start_year' | 'title_type' | 'imdb_votes'>[]>;
  rolesPresent(titleIds: string[]): Promise<{ title_id: string; role: string }[]>;
  write(batch: BatchWrite): Promise<void>;
  existingIds(ids: string[]): Promise<Set<string>>;
  namesOf(nconsts: string[]): Promise<Map<string, string>>;
  writeNames(rows: { nconst: string; name: string }[]): Promise<void>;
}

function sqliteStore(sqlite: SQLite.Database): Store {
  const byIds = sqlite.prepare(
    'select * from titles where id in (select value from json_each(?)) or justwatch_id in (select value from json_each(?))',
  );
  const byKeys = sqlite.prepare(
    'select id, match_key, start_year, title_type, imdb_votes from titles where match_key in (select value from json_each(?))',
  );
  const roles = sqlite.prepare(
    'select distinct title_id, role from title_people where title_id in (select value from json_each(?))',
  );
  const existing = sqlite.prepare('select id from titles where id in (select value from json_each(?))');
  const upsert = sqlite.prepare(
    `insert into titles (${COLUMNS.join(', ')}) values (${COLUMNS.map((c) => `@${c}`).join(', ')}) on conflict(id) do update set ${CONFLICT_SET}`,
  );
  const delGenres = sqlite.prepare('delete from title_genres where title_id in (select value from json_each(?))');
  const insGenre = sqlite.prepare('insert or ignore into title_genres (title_id, genre) values (?, ?)');
  const delPeople = sqlite.prepare('delete from title_people where title_id = ? and role = ?');
  const insPerson = sqlite.prepare(
    'insert or replace into title_people (title_id, role, ordering, name, character) values (@title_id, @role, @ordering, @name, @character)',
  );
  const setCreators = sqlite.prepare(
    `update titles set creator = (${CREATOR_OF}), updated_at = ? where id in (select value from json_each(?)) and creator is not (${CREATOR_OF})`,
  );
  const setPeople = sqlite.prepare(`update titles set people_json = (${PEOPLE_JSON_OF.sqlite}) where id in (select value from json_each(?))`);
  const names = sqlite.prepare('select nconst, name from catalogue_names where nconst in (select value from json_each(?))');
  const insName = sqlite.prepare(
    'insert into catalogue_names (nconst, name) values (?, ?) on conflict(nconst) do update set name = excluded.name',
  );
  const insProviders = sqlite.prepare(
    `insert into title_providers (title_id, provider, country, source, url)
     select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), 'justwatch', null from json_each(?)
     where true on conflict do nothing`,
  );
  const write = sqlite.transaction((batch: BatchWrite) => {
    for (const row of batch.rows) upsert.run(row);
    if (batch.genres.ids.length) delGenres.run(JSON.stringify(batch.genres.ids));
    for (let i = 0; i < batch.genres.titleIds.length; i++) insGenre.run(batch.genres.titleIds[i], batch.genres.genres[i]);
    for (const d of batch.people.deletes) delPeople.run(d.titleId, d.role);
    for (const p of batch.people.inserts) insPerson.run(p);
    const changed = creatorTitleIds(batch);
    if (changed.length) setCreators.run(new Date().toISOString(), JSON.stringify(changed));
    const withPeople = peopleTitleIds(batch);
    if (withPeople.length) setPeople.run(JSON.stringify(withPeople));
    const pv = batch.providers;
    if (pv.titleIds.length) insProviders.run(JSON.stringify(pv.titleIds.map((id, i) => [id, pv.providers[i], pv.countries[i]])));
  });
  const writeNames = sqlite.transaction((rows: { nconst: string; name: string }[]) => {
    for (const r of rows) insName.run(r.nconst, r.name);
  });
  return {
    batchSize: 5000,
    async titlesByIds(ids, jw) {
      return byIds.all(JSON.stringify(ids), JSON.stringify(jw)) as TitleRow[];
    },
    async candidatesByMatchKeys(keys) {
      return byKeys.all(JSON.stringify(keys)) as Awaited<ReturnType<Store['candidatesByMatchKeys']>>;
    },
    async rolesPresent(ids) {
      return roles.all(JSON.stringify(ids)) as { title_id: string; role: string }[];
    },
    async existingIds(ids) {
      return new Set((existing.all(JSON.stringify(ids)) as { id: string }[]).map((r) => r.id));
    },
    async write(batch) {
      // IMMEDIATE, as every transaction on the main connection (see ImmediateSqliteDriver in db/database.ts).
      write.immediate(batch);
    },
    async namesOf(nconsts) {
      const rows = names.all(JSON.stringify(nconsts)) as { nconst: string; name: string }[];
      return new Map(rows.map((r) => [r.nconst, r.name]));
    },
    async writeNames(rows) {
      writeNames.immediate(rows);
    },
  };
}

const PG_CHUNK = 1000;

function postgresStore(pool: pg.Pool): Store {
  const fromPg = (r: Record<string, unknown>): TitleRow => {
    const row = { ...r } as unknown as TitleRow;
    row.created_at = r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at);
    row.updated_at = r.updated_at instanceof Date ? r.updated_at.toISOString() : String(r.updated_at);
    return row;
  };
  return {
    batchSize: 2000,
    async titlesByIds(ids, jw) {
      const res = await pool.query('select * from titles where id = any($1::text[]) or justwatch_id = any($2::text[])', [ids, jw]);
      return res.rows.map(fromPg);
    },
    async candidatesByMatchKeys(keys) {
      const res = await pool.query(
        'select id, match_key, start_year, title_type, imdb_votes from titles where match_key = any($1::text[])',
        [keys],
      );
      return res.rows;
    },
    async rolesPresent(ids) {
      const res = await pool.query('select distinct title_id, role from title_people where title_id = any($1::text[])', [ids]);
      return res.rows;
    },
    async existingIds(ids) {
      const res = await pool.query('select id from titles where id = any($1::text[])', [ids]);
      return new Set(res.rows.map((r: { id: string }) => r.id));
    },
    async write(batch) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (let start = 0; start < batch.rows.length; start += PG_CHUNK) {
          const chunk = batch.rows.slice(start, start + PG_CHUNK);
          const params: unknown[] = [];
          const tuples = chunk.map((row) => {
            const ph = COLUMNS.map((c) => {
              params.push(row[c]);
              return `$${params.length}`;
            });
            return `(${ph.join(', ')})`;
          });
          await client.query(
            `insert into titles (${COLUMNS.join(', ')}) values ${tuples.join(', ')} on conflict (id) do update set ${CONFLICT_SET}`,
            params,
          );
        }
        if (batch.genres.ids.length) {
          await client.query('delete from title_genres where title_id = any($1::text[])', [batch.genres.ids]);
          await client.query(
            'insert into title_genres (title_id, genre) select * from unnest($1::text[], $2::text[]) on conflict do nothing',
            [batch.genres.titleIds, batch.genres.genres],
          );
        }
        if (batch.people.deletes.length) {
          await client.query(
            'delete from title_people where (title_id, role) in (select * from unnest($1::text[], $2::text[]))',
            [batch.people.deletes.map((d) => d.titleId), batch.people.deletes.map((d) => d.role)],
          );
        }
        if (batch.people.inserts.length) {
          const p = batch.people.inserts;
          await client.query(
            `insert into title_people (title_id, role, ordering, name, character)
             select * from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])
             on conflict (title_id, role, ordering) do update set name = excluded.name, character = excluded.character`,
            [p.map((r) => r.title_id), p.map((r) => r.role), p.map((r) => r.ordering), p.map((r) => r.name), p.map((r) => r.character)],
          );
        }
        const changed = creatorTitleIds(batch);
        if (changed.length) {
          await client.query(
            `update titles set creator = (${CREATOR_OF}), updated_at = now() where id = any($1::text[]) and creator is distinct from (${CREATOR_OF})`,
            [changed],
          );
        }
        const withPeople = peopleTitleIds(batch);
        if (withPeople.length) {
          await client.query(`update titles set people_json = (${PEOPLE_JSON_OF.postgres}) where id = any($1::text[])`, [withPeople]);
        }
        const pv = batch.providers;
        if (pv.titleIds.length) {
          await client.query(
            `insert into title_providers (title_id, provider, country, source, url)
             select t, p, c, 'justwatch', null from unnest($1::text[], $2::text[], $3::text[]) as u(t, p, c)
             on conflict do nothing`,
            [pv.titleIds, pv.providers, pv.countries],
          );
        }
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async namesOf(nconsts) {
      const res = await pool.query('select nconst, name from catalogue_names where nconst = any($1::text[])', [nconsts]);
      return new Map(res.rows.map((r: { nconst: string; name: string }) => [r.nconst, r.name]));
    },
    async writeNames(rows) {
      await pool.query(
        `insert into catalogue_names (nconst, name) select * from unnest($1::text[], $2::text[])
         on conflict (nconst) do update set name = excluded.name`,
        [rows.map((r) => r.nconst), rows.map((r) => r.name)],
      );
    },
  };
}

export function storeFor(database: Database): Store {
  return forEngine(database, { sqlite: sqliteStore, postgres: postgresStore });
}

export async function namesOf(database: Database, nconsts: string[]): Promise<Map<string, string>> {
  return storeFor(database).namesOf(nconsts);
}

export async function countTitles(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('titles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the catalogue has any title (cheaper than counting them). */
export async function hasTitles(database: Database): Promise<boolean> {
  return (await database.db.selectFrom('titles').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The catalogue's series by IMDb id: the parents title.episode rows can join. */
export async function seriesByImdbId(database: Database): Promise<Map<string, string>> {
  const rows = await database.db.selectFrom('titles').select(['id', 'imdbId']).where('titleType', '=', 'tvSeries').where('imdbId', 'is not', null).execute();
  return new Map(rows.map((r) => [r.imdbId as string, r.id]));
}

export interface EpisodeRow {
  id: string;
  seriesId: string;
  seasonNumber: number | null;
  episodeNumber: number | null;
  title: string | null;
  startYear: number | null;
}

/** Writes episodes: new ones added, known ones given these numbers (their title and year are kept). */
export async function upsertEpisodeNumbers(database: Database, rows: EpisodeRow[]): Promise<void> {
  if (!rows.length) return;
  await database.db
    .insertInto('titleEpisodes')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        seriesId: eb.ref('excluded.seriesId'),
        seasonNumber: eb.ref('excluded.seasonNumber'),
        episodeNumber: eb.ref('excluded.episodeNumber'),
      })),
    )
    .execute();
}

/** Gives the known episodes among `titles` their title and year. */
export async function setEpisodeTitles(database: Database, titles: { id: string; title: string | null; startYear: number | null }[]): Promise<void> {
  if (!titles.length) return;
  const known = await database.db
    .selectFrom('titleEpisodes')
    .select(['id', 'seriesId', 'seasonNumber', 'episodeNumber'])
    .where(
      'id',
      'in',
      titles.map((t) => t.id),
    )
    .execute();
  if (!known.length) return;
  const byId = new Map(titles.map((t) => [t.id, t]));
  await database.db
    .insertInto('titleEpisodes')
    .values(known.map((k) => ({ ...k, title: byId.get(k.id)?.title ?? null, startYear: byId.get(k.id)?.startYear ?? null })))
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ title: eb.ref('excluded.title'), startYear: eb.ref('excluded.startYear') })))
    .execute();
}
