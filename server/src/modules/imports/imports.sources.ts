import type { ImportSource } from '../../../../common/contracts/imports.ts';
import { looksLikeImdb, parseImdb } from './imports.imdb.ts';
import { looksLikeLetterboxd, parseLetterboxd } from './imports.letterboxd.ts';
import { type ExportFile, ImportFileError, isZip, type ParsedExport, unzip } from './imports.parse.ts';
import { looksLikeTrakt, parseTrakt } from './imports.trakt.ts';

/**
 * Reads an uploaded export whole, before anything is written: which source it is (by its content: a ZIP of Letterboxd
 * CSVs, a ZIP of Trakt JSON files, an IMDb CSV with a Const column, or one Letterboxd CSV or Trakt JSON file on its own)
 * and every item in it. A malformed file throws ImportFileError naming the file and line.
 */
export function readExport(fileName: string, bytes: Uint8Array): ParsedExport {
  const name = fileName.replace(/^.*[\\/]/, '') || 'upload';
  const files: ExportFile[] = isZip(bytes) ? unzip(name, bytes) : [{ name, bytes }];
  if (files.length === 0) throw new ImportFileError(name, null, 'is an empty archive.');
  let source: ImportSource;
  if (!isZip(bytes) && /\.csv$/i.test(name) && looksLikeImdb(files[0])) source = 'imdb';
  else if (looksLikeLetterboxd(files)) source = 'letterboxd';
  else if (looksLikeTrakt(files)) source = 'trakt';
  else throw new ImportFileError(name, null, 'is not a Letterboxd export (ZIP), an IMDb CSV or a Trakt export (ZIP of JSON files).');
  const items = source === 'imdb' ? parseImdb(files[0]) : source === 'letterboxd' ? parseLetterboxd(files) : parseTrakt(files);
  return { source, items };
}
