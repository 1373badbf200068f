// Recognising the files of a catalogue directory by name and header.

import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { firstLine } from './catalogue.files.ts';

/** The formats the importer recognises, in the order they are imported. */
export type Format =
  | 'imdb-name-basics'
  | 'imdb-title-basics'
  | 'imdb-title-ratings'
  | 'imdb-title-principals'
  | 'imdb-title-crew'
  | 'imdb-title-episode'
  | 'justwatch-titles'
  | 'justwatch-credits'
  | 'imdb-api-list'
  | 'imdb-rankings'
  | 'imdb-5000'
  | 'imdb-top-1000'
  | 'vega-movies';

const ORDER: Format[] = [
  'imdb-name-basics',
  'imdb-title-basics',
  'imdb-title-ratings',
  'imdb-title-principals',
  'imdb-title-crew',
  'imdb-title-episode',
  'justwatch-titles',
  'justwatch-credits',
  'imdb-5000',
  'imdb-api-list',
  'imdb-rankings',
  'imdb-top-1000',
  'vega-movies',
];

export interface DetectedFile {
  path: string;
  format: Format;
}

const TSV_NAMES: [RegExp, Format][] = [
  [/^name\.basics\.tsv(\.gz)?$/, 'imdb-name-basics'],
  [/^title\.basics\.tsv(\.gz)?$/, 'imdb-title-basics'],
  [/^title\.ratings\.tsv(\.gz)?$/, 'imdb-title-ratings'],
  [/^title\.principals\.tsv(\.gz)?$/, 'imdb-title-principals'],
  [/^title\.crew\.tsv(\.gz)?$/, 'imdb-title-crew'],
  [/^title\.episode\.tsv(\.gz)?$/, 'imdb-title-episode'],
];

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

/**
 * A plain (not gzipped) IMDb dump whose last line is cut off mid-row: the head of a dump kept as a format sample
 * (the starter catalogue's `imdb-tsv-sample-truncated/`), not catalogue content. IMDb's own dumps end with a newline;
 * a cut-off copy holds only the oldest titles (1894-1938, almost none of them rated), which would lead searches.
 */
export function isTruncatedDump(path: string): boolean {
  const size = statSync(path).size;
  if (size === 0) return false;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/**
 * Every file under dir whose format the importer knows, recognised by name and header; the others; and the IMDb
 * dumps left out as cut-off format samples (with the dumps beside them).
 */
export async function detectFiles(dir: string): Promise<{ files: DetectedFile[]; ignored: string[]; samples: string[] }> {
  const all: string[] = [];
  walk(dir, all);
  const files: DetectedFile[] = [];
  const ignored: string[] = [];
  const sampleDirs = new Set<string>();
  for (const path of all) {
    const name = basename(path);
    if (TSV_NAMES.some(([re]) => re.test(name)) && isTruncatedDump(path)) sampleDirs.add(dirname(path));
  }
  const samples: string[] = [];
  for (const path of all) {
    const name = basename(path);
    const tsv = TSV_NAMES.find(([re]) => re.test(name));
    if (tsv) {
      if (sampleDirs.has(dirname(path))) samples.push(path);
      else files.push({ path, format: tsv[1] });
      continue;
    }
    if (/\.json$/i.test(name)) {
      const head = (await firstLine(path)) ?? '';
      if (/"items"\s*:/.test(head) || /^\{/.test(head.trim())) files.push({ path, format: 'imdb-api-list' });
      else if (/^\[/.test(head.trim())) files.push({ path, format: 'vega-movies' });
      else ignored.push(path);
      continue;
    }
    if (/\.csv(\.gz)?$/i.test(name)) {
      const header = (await firstLine(path)) ?? '';
      const cols = header.split(',').map((c) => c.trim().replace(/^"|"$/g, '').replace(/;$/, ''));
      const has = (...c: string[]) => c.every((x) => cols.includes(x));
      if (has('id', 'title', 'type', 'imdb_id')) files.push({ path, format: 'justwatch-titles' });
      else if (has('person_id', 'id', 'name', 'role')) files.push({ path, format: 'justwatch-credits' });
      else if (has('tconst', 'primaryTitle', 'averageRating', 'numVotes')) files.push({ path, format: 'imdb-rankings' });
      else if (has('movie_imdb_link', 'movie_title')) files.push({ path, format: 'imdb-5000' });
      else if (has('Poster_Link', 'Series_Title', 'Released_Year')) files.push({ path, format: 'imdb-top-1000' });
      else ignored.push(path);
      continue;
    }
    ignored.push(path);
  }
  files.sort((a, b) => ORDER.indexOf(a.format) - ORDER.indexOf(b.format) || a.path.localeCompare(b.path));
  return { files, ignored, samples };
}
