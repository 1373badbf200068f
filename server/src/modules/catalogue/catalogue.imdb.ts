import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Database } from '../../db/database.ts';
import { type ImportOptions, importCatalogue } from './catalogue.import.ts';
import type { ImportReport } from './catalogue.report.ts';

export const IMDB_TITLE_FILES = ['title.basics.tsv.gz', 'title.ratings.tsv.gz', 'title.episode.tsv.gz'];
export const IMDB_PEOPLE_FILES = ['name.basics.tsv.gz', 'title.crew.tsv.gz', 'title.principals.tsv.gz'];

export interface DownloadOptions {
  baseUrl: string;
  dir: string;
  withPeople?: boolean;
  onFile?: (name: string, bytes: number) => void;
  /** Bytes of `name` received so far, and its length when the server says it. */
  onBytes?: (name: string, bytes: number, total: number | null) => void;
}

/** Streams IMDb's dumps to disk (to a .part file, renamed when complete); never holds a file in memory. */
export async function downloadImdbDatasets(opts: DownloadOptions): Promise<string[]> {
  mkdirSync(opts.dir, { recursive: true });
  const names = [...IMDB_TITLE_FILES, ...(opts.withPeople ? IMDB_PEOPLE_FILES : [])];
  const paths: string[] = [];
  for (const name of names) {
    const url = `${opts.baseUrl.replace(/\/$/, '')}/${name}`;
    const res = await fetch(url);
    if (!res.ok || !res.body) throw new Error(`download of ${url} failed: HTTP ${res.status}`);
    const path = join(opts.dir, name);
    const part = `${path}.part`;
    let bytes = 0;
    const length = Number(res.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
    body.on('data', (c: Buffer) => {
      bytes += c.length;
      opts.onBytes?.(name, bytes, total);
    });
    try {
      await pipeline(body, createWriteStream(part));
    } catch (err) {
      rmSync(part, { force: true });
      throw err;
    }
    renameSync(part, path);
    opts.onFile?.(name, bytes);
    paths.push(path);
  }
  return paths;
}

/** Downloads the dumps, then imports movies and series with at least minVotes votes. */
export async function importImdbDatasets(
  database: Database,
  opts: DownloadOptions & Pick<ImportOptions, 'progress'> & { minVotes: number },
): Promise<ImportReport> {
  await downloadImdbDatasets(opts);
  return importCatalogue(database, opts.dir, { minVotes: opts.minVotes, progress: opts.progress });
}
