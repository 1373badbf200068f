import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { IMPORT_MAX_ROWS, type ImportKind, type ImportSource } from '../../../../common/contracts/imports.ts';
import { isPlainText } from '../../../../common/contracts/text.ts';

/** One item of an export as every source gives it: what to match, and what to write once matched. */
export interface ImportItem {
  kind: ImportKind;
  /** Where it came from, for the report and error messages. */
  file: string;
  line: number;
  /** The row as a person recognises it: "Title (Year)". */
  text: string;
  title: string;
  year: number | null;
  originalTitle?: string | null;
  imdbId?: string | null;
  tmdbId?: number | null;
  /** What kind of title the source says it is, when it says. */
  type?: 'movie' | 'tvSeries' | null;
  /** 1 to 10. */
  rating?: number;
  review?: string | null;
  /** When the person rated or listed it (ISO 8601), when the file says. */
  date?: string | null;
  /** A list entry: which list (key within the file, name, description) and its place. */
  list?: { key: string; name: string; description: string | null; position: number };
  /** Set for an item that is kept in the report but cannot be imported (a review without a rating). */
  skip?: string;
}

export interface ParsedExport {
  source: ImportSource;
  items: ImportItem[];
}

/** A malformed file: which file and line (or entry), and what is wrong. Nothing is written. */
export class ImportFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
    readonly where: 'line' | 'entry' = 'line',
  ) {
    super(line === null ? `${file}: ${reason}` : `${file}, ${where} ${line}: ${reason}`);
  }
}

/** A file of an archive (or the uploaded file itself): its path and bytes. */
export interface ExportFile {
  name: string;
  bytes: Uint8Array;
}

const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;

/** The files of a ZIP archive, without folders and without a single top folder wrapping them all. */
export function unzip(fileName: string, bytes: Uint8Array): ExportFile[] {
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize;
        if (total > MAX_UNZIPPED_BYTES) throw new ImportFileError(fileName, null, 'unpacks to more than 200 MB.');
        return !f.name.endsWith('/') && !f.name.startsWith('__MACOSX/');
      },
    });
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(fileName, null, 'is not a readable ZIP archive.');
  }
  const names = Object.keys(entries);
  const tops = new Set(names.map((n) => (n.includes('/') ? n.slice(0, n.indexOf('/') + 1) : '')));
  const strip = tops.size === 1 && [...tops][0] !== '' && names.every((n) => n.includes('/')) ? [...tops][0].length : 0;
  return names.map((n) => ({ name: n.slice(strip), bytes: entries[n] }));
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** A file's text: UTF-8 (a byte order mark dropped); control characters refused with the line they are on. */
export function textOf(file: ExportFile): string {
  let s: string;
  try {
    s = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.bytes);
  } catch {
    throw new ImportFileError(file.name, null, 'is not UTF-8 text.');
  }
  if (!isPlainText(s)) {
    const lines = s.split('\n');
    const at = lines.findIndex((l) => !isPlainText(l));
    throw new ImportFileError(file.name, at + 1, 'holds control characters; plain text only.');
  }
  return s;
}

export interface CsvRecord {
  line: number;
  values: string[];
}

/** A CSV file's records, each with the line it starts on; a malformed one names its line. */
export function readCsv(file: ExportFile): CsvRecord[] {
  const text = textOf(file);
  try {
    const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line a record ends on; a record starts after the previous one ends.
    let prevEnd = 0;
    return rows.map((r) => {
      const out = { line: prevEnd + 1, values: r.record };
      prevEnd = r.info.lines;
      return out;
    });
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? null;
    throw new ImportFileError(file.name, line, `is not well-formed CSV (${String((err as Error).message).replace(/^Invalid \w+: /, '').slice(0, 120)}).`);
  }
}

/** Whether a record is a blank line. */
export const isBlank = (r: CsvRecord) => r.values.every((v) => v.trim() === '');

/** A header's key: lower case, letters and digits only ('Letterboxd URI' -> 'letterboxduri', 'Num. Votes' -> 'numvotes'). */
export const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Reads a table: its header, then rows as objects by column key; required columns are checked. */
export function table(file: string, header: CsvRecord, rows: CsvRecord[], required: readonly string[]): { line: number; get: (key: string) => string }[] {
  const keys = header.values.map(columnKey);
  for (const key of required) {
    if (!keys.includes(key)) throw new ImportFileError(file, header.line, `has no ${key} column (it has ${header.values.join(', ')}).`);
  }
  return rows
    .filter((r) => !isBlank(r))
    .map((r) => {
      if (r.values.length > keys.length) throw new ImportFileError(file, r.line, `has ${r.values.length} values where the header has ${keys.length} columns.`);
      return { line: r.line, get: (key: string) => (r.values[keys.indexOf(key)] ?? '').trim() };
    });
}

/** A year: blank is none; otherwise four digits. */
export function yearOf(file: string, line: number, raw: string): number | null {
  if (raw === '') return null;
  if (!/^\d{4}$/.test(raw)) throw new ImportFileError(file, line, `the year "${raw.slice(0, 20)}" is not a year.`);
  return Number(raw);
}

/** A date or date-time as ISO 8601, or null when blank; a value that is no date is refused. */
export function dateOf(file: string, line: number, raw: string | null | undefined, where: 'line' | 'entry' = 'line'): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) throw new ImportFileError(file, line, `the date "${raw.slice(0, 30)}" is not a date.`, where);
  return new Date(t).toISOString();
}

export const describe = (title: string, year: number | null) => (year ? `${title} (${year})` : title);

/** Guards the number of items of a file. */
export function checkSize(file: string, items: readonly unknown[]): void {
  if (items.length > IMPORT_MAX_ROWS) throw new ImportFileError(file, null, `holds more than ${IMPORT_MAX_ROWS} items.`);
}
