// Merging title patches from every source with the stored rows, and writing them in batches through the repository.

import type { Database } from '../../db/database.ts';
import type { TitleType } from '../../db/schema.ts';
import { matchKeyOf, popularityOf, searchTextOf } from './catalogue.normalize.ts';
import type { ImportReport } from './catalogue.report.ts';
import { type BatchWrite, COLUMNS, type PeopleRow, type PersonRole, type Store, storeFor, type TitleRow } from './catalogue.repository.ts';

/** Fields a source may provide; each source says per field whether it overwrites ('set') or only fills blanks ('fill'). */
export type PatchField =
  | 'title_type'
  | 'primary_title'
  | 'original_title'
  | 'start_year'
  | 'end_year'
  | 'release_date'
  | 'runtime_minutes'
  | 'plot'
  | 'certification'
  | 'seasons'
  | 'gross_usd'
  | 'budget_usd'
  | 'poster_url'
  | 'backdrop_url'
  | 'tmdb_id'
  | 'tmdb_popularity';

export type Policy = 'set' | 'fill';


export interface Credit {
  role: PersonRole;
  name: string;
  character?: string | null;
}

export interface SourceSpec {
  /** Short name used in reports. */
  name: string;
  /** May this source create titles, or only enrich existing ones? */
  create: boolean;
  policy: Partial<Record<PatchField | 'genres', Policy>>;
  /** 'replace' overwrites the roles it brings; 'fill' writes a role only when the title has none. */
  people?: 'replace' | 'fill';
}

export interface TitlePatch {
  source: SourceSpec;
  imdbId?: string | null;
  justwatchId?: string | null;
  /** For id-less sources: join on normalised title + year (+-1) and type. */
  match?: { key: string; year: number; type: TitleType; yearless?: boolean };
  values: Partial<Pick<TitleRow, PatchField>>;
  genres?: string[];
  /** IMDb rating and votes: the figure with more votes wins (votes only grow, so it is the fresher one). */
  rating?: { rating: number | null; votes: number };
  people?: Credit[];
  /** Streaming services that carry the title (JustWatch's files): kept in title_providers. */
  providers?: { provider: string; country: string }[];
  /** Credit rows are counted as credits rather than title updates. */
  countAs?: 'title' | 'credit';
  creditRows?: number;
}

const COMPARED = COLUMNS.filter((c) => c !== 'created_at' && c !== 'updated_at');

function applyPatch(current: TitleRow, patch: TitlePatch): TitleRow {
  const next = { ...current };
  const { policy } = patch.source;
  const target = next as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(patch.values) as [PatchField, unknown][]) {
    if (value === null || value === undefined || value === '') continue;
    const mode = policy[field] ?? 'fill';
    if (mode === 'set' || target[field] === null || target[field] === undefined) target[field] = value;
  }
  if (patch.genres?.length) {
    const mode = policy.genres ?? 'fill';
    if (mode === 'set' || !next.genres) next.genres = patch.genres.join(',');
  }
  if (patch.rating) {
    const { rating, votes } = patch.rating;
    if (rating !== null && (votes >= next.imdb_votes || next.imdb_rating === null)) {
      next.imdb_rating = rating;
      next.imdb_votes = Math.max(votes, next.imdb_votes);
    } else {
      next.imdb_votes = Math.max(votes, next.imdb_votes);
    }
  }
  if (patch.imdbId) next.imdb_id = patch.imdbId;
  if (patch.justwatchId) next.justwatch_id = patch.justwatchId;
  next.search_text = searchTextOf(next.primary_title, next.original_title);
  next.match_key = matchKeyOf(next.primary_title);
  next.popularity = popularityOf(next.imdb_votes, next.tmdb_popularity);
  return next;
}

function blankRow(id: string, now: string): TitleRow {
  const row = Object.fromEntries(COLUMNS.map((c) => [c, null])) as unknown as TitleRow;
  row.id = id;
  row.genres = '';
  row.imdb_votes = 0;
  row.popularity = 0;
  row.created_at = now;
  row.updated_at = now;
  return row;
}

function sameRow(a: TitleRow, b: TitleRow): boolean {
  for (const c of COMPARED) {
    if (a[c] !== b[c]) {
      // PostgreSQL hands back numbers for real columns that JS may hold as 7 vs 7.0: compare as numbers.
      if (typeof a[c] === 'number' || typeof b[c] === 'number') {
        if (Number(a[c]) === Number(b[c]) && a[c] !== null && b[c] !== null) continue;
      }
      return false;
    }
  }
  return true;
}

/**
 * Batches title patches from any source and writes them with a few set-based
 * statements per batch inside one transaction. Patches are merged in memory
 * with the stored rows, so running an import again updates, never duplicates.
 */
export class TitleWriter {
  private pending: TitlePatch[] = [];
  private readonly store: Store;
  readonly batchSize: number;

  constructor(
    database: Database,
    private readonly report: ImportReport,
    batchSize?: number,
  ) {
    this.store = storeFor(database);
    this.batchSize = batchSize ?? this.store.batchSize;
  }

  async add(patch: TitlePatch): Promise<void> {
    this.pending.push(patch);
    if (this.pending.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const patches = this.pending;
    this.pending = [];
    await this.writeBatch(patches);
  }

  private skipPatch(patch: TitlePatch, reason: string): void {
    this.report.skip(reason, patch.countAs === 'credit' ? (patch.creditRows ?? 1) : 1);
  }

  private async writeBatch(patches: TitlePatch[]): Promise<void> {
    const now = new Date().toISOString();
    const report = this.report;

    // 1. Id-less rows: resolve normalised title + year to a stored title (one query).
    const keys = [...new Set(patches.filter((p) => p.match).map((p) => p.match?.key as string))];
    const matched = new Map<TitlePatch, string>();
    if (keys.length) {
      const candidates = await this.store.candidatesByMatchKeys(keys);
      const byKey = new Map<string, typeof candidates>();
      for (const c of candidates) {
        const list = byKey.get(c.match_key as string) ?? [];
        list.push(c);
        byKey.set(c.match_key as string, list);
      }
      for (const p of patches) {
        if (!p.match) continue;
        const { key, year, type, yearless } = p.match;
        const sameType = (byKey.get(key) ?? []).filter((c) => c.title_type === type);
        const list = sameType.filter((c) => c.start_year !== null);
        const pick = (delta: number) =>
          list
            .filter((c) => Math.abs((c.start_year as number) - year) === delta)
            .sort((a, b) => b.imdb_votes - a.imdb_votes)[0];
        let hit = pick(0) ?? pick(1);
        if (!hit && yearless && p.rating?.votes) {
          // A title with no year (known only from a source without years) is this one when exactly one such title
          // has the name and its votes are within a factor of three of the row's (both are IMDb's, a few years apart).
          const votes = p.rating.votes;
          const near = sameType.filter((c) => c.start_year === null && c.imdb_votes * 3 >= votes && c.imdb_votes <= votes * 3);
          if (near.length === 1) hit = near[0];
        }
        if (hit) matched.set(p, hit.id);
      }
    }

    // 2. Stored rows for every id and JustWatch id in the batch (one query).
    const ids = new Set<string>();
    const jwIds = new Set<string>();
    for (const p of patches) {
      const m = matched.get(p);
      if (m) ids.add(m);
      if (p.imdbId) ids.add(p.imdbId);
      if (p.justwatchId) {
        jwIds.add(p.justwatchId);
        ids.add(`jw-${p.justwatchId}`);
      }
    }
    const stored = await this.store.titlesByIds([...ids], [...jwIds]);
    const existing = new Map(stored.map((r) => [r.id, r]));
    const byJw = new Map(stored.filter((r) => r.justwatch_id).map((r) => [r.justwatch_id as string, r]));

    // 3. Merge, in order, in memory.
    const rows = new Map<string, TitleRow>();
    const genresChanged = new Set<string>();
    const peopleByTitle = new Map<string, { mode: 'replace' | 'fill'; credits: Credit[] }[]>();
    const providers: BatchWrite['providers'] = { titleIds: [], providers: [], countries: [] };
    for (let patch of patches) {
      let id: string | undefined;
      if (patch.match) {
        id = matched.get(patch);
        if (!id) {
          this.skipPatch(patch, 'no match for enrichment');
          continue;
        }
      } else {
        const jwRow = patch.justwatchId ? byJw.get(patch.justwatchId) : undefined;
        if (patch.imdbId) {
          id = patch.imdbId;
          // The JustWatch id already belongs to another title: keep that link, do not steal it.
          if (jwRow && jwRow.id !== id) patch = { ...patch, justwatchId: null };
        } else if (jwRow) {
          id = jwRow.id;
        } else if (patch.justwatchId) {
          id = `jw-${patch.justwatchId}`;
        }
      }
      if (!id) {
        this.skipPatch(patch, 'no id');
        continue;
      }
      const before = rows.get(id) ?? existing.get(id);
      if (!before && !patch.source.create) {
        this.skipPatch(patch, patch.countAs === 'credit' ? 'credit for an unknown title' : 'no match for enrichment');
        continue;
      }
      let base = before;
      if (!base) {
        const v = patch.values;
        if (!v.primary_title) {
          this.skipPatch(patch, 'no title');
          continue;
        }
        if (!v.title_type) {
          this.skipPatch(patch, 'not a movie or series');
          continue;
        }
        base = blankRow(id, now);
        base.title_type = v.title_type;
        base.primary_title = v.primary_title;
        if (patch.justwatchId && !patch.imdbId) base.justwatch_id = patch.justwatchId;
      }
      const next = applyPatch(base, patch);
      if (next.genres !== base.genres || !before) genresChanged.add(id);
      rows.set(id, next);
      if (next.justwatch_id) byJw.set(next.justwatch_id, next);
      for (const p of patch.providers ?? []) {
        providers.titleIds.push(id);
        providers.providers.push(p.provider);
        providers.countries.push(p.country);
      }
      if (patch.people?.length) {
        const list = peopleByTitle.get(id) ?? [];
        list.push({ mode: patch.source.people ?? 'fill', credits: patch.people });
        peopleByTitle.set(id, list);
      }
      if (patch.countAs === 'credit') report.credits += patch.creditRows ?? patch.people?.length ?? 0;
      else if (!before) report.imported += 1;
      else if (sameRow(before, next)) report.unchanged += 1;
      else report.updated += 1;
    }

    // 4. Credits: replace the roles a source brings, or fill roles a title lacks (one query).
    const deletes: { titleId: string; role: string }[] = [];
    const inserts: PeopleRow[] = [];
    if (peopleByTitle.size) {
      const present = new Set(
        (await this.store.rolesPresent([...peopleByTitle.keys()])).map((r) => `${r.title_id}\u0000${r.role}`),
      );
      for (const [titleId, entries] of peopleByTitle) {
        const finalByRole = new Map<PersonRole, Credit[]>();
        for (const { mode, credits } of entries) {
          const byRole = new Map<PersonRole, Credit[]>();
          for (const c of credits) byRole.set(c.role, [...(byRole.get(c.role) ?? []), c]);
          for (const [role, list] of byRole) {
            if (mode === 'fill' && (present.has(`${titleId}\u0000${role}`) || finalByRole.has(role))) continue;
            finalByRole.set(role, list);
          }
        }
        for (const [role, list] of finalByRole) {
          deletes.push({ titleId, role });
          const seen = new Set<string>();
          let ordering = 0;
          for (const c of list) {
            const k = `${c.name}\u0000${c.character ?? ''}`;
            if (seen.has(k)) continue;
            seen.add(k);
            ordering += 1;
            inserts.push({ title_id: titleId, role, ordering, name: c.name, character: c.character ?? null });
          }
        }
      }
    }

    // 5. Write rows that changed, their genres and credits in one transaction.
    const changed: TitleRow[] = [];
    for (const [id, row] of rows) {
      const before = existing.get(id);
      if (before && sameRow(before, row)) continue;
      changed.push({ ...row, created_at: before?.created_at ?? row.created_at, updated_at: now });
    }
    const genreIds = [...genresChanged];
    const titleIds: string[] = [];
    const genres: string[] = [];
    for (const id of genreIds) {
      const g = rows.get(id)?.genres;
      if (!g) continue;
      for (const genre of g.split(',')) {
        titleIds.push(id);
        genres.push(genre);
      }
    }
    await this.store.write({ rows: changed, genres: { ids: genreIds, titleIds, genres }, people: { deletes, inserts }, providers });
  }
}

/** Person names from name.basics, written in batches; looked up per batch of credits. */
export class NameWriter {
  private pending: { nconst: string; name: string }[] = [];
  private readonly store: Store;
  constructor(
    database: Database,
    private readonly report: ImportReport,
  ) {
    this.store = storeFor(database);
  }
  async add(nconst: string, name: string): Promise<void> {
    this.pending.push({ nconst, name });
    if (this.pending.length >= 5000) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    await this.store.writeNames(rows);
    this.report.names += rows.length;
  }
}
