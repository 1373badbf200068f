import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';

/** Told how many bytes of the file (compressed, when gzipped) have been read so far. */
export type OnBytes = (bytesRead: number) => void;

function isGzip(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const n = readSync(fd, head, 0, 2, 0);
    return n === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

export function fileSize(path: string): number {
  return statSync(path).size;
}

/** The decoded text of a file, gunzipped when it starts with gzip's magic bytes, as a stream. */
export function openText(path: string, onBytes?: OnBytes): Readable {
  const raw = createReadStream(path, { highWaterMark: 1 << 20 });
  if (onBytes) {
    let read = 0;
    raw.on('data', (chunk) => {
      read += chunk.length;
      onBytes(read);
    });
  }
  if (!isGzip(path)) {
    raw.setEncoding('utf8');
    return raw;
  }
  const gunzip = createGunzip();
  raw.on('error', (err) => gunzip.destroy(err));
  raw.pipe(gunzip);
  gunzip.setEncoding('utf8');
  return gunzip;
}

/** Lines of a (possibly gzipped) text file, streamed: memory holds one chunk, never the file. */
export async function* readLines(path: string, onBytes?: OnBytes): AsyncGenerator<string> {
  let carry = '';
  for await (const chunk of openText(path, onBytes) as AsyncIterable<string>) {
    const text = carry + chunk;
    let start = 0;
    let nl = text.indexOf('\n', start);
    while (nl !== -1) {
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      yield text.slice(start, end);
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    carry = text.slice(start);
  }
  if (carry) yield carry.endsWith('\r') ? carry.slice(0, -1) : carry;
}

/** The first line of a file, for recognising its format. */
export async function firstLine(path: string): Promise<string | null> {
  try {
    for await (const line of readLines(path)) return line.replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
  return null;
}

/**
 * Records of a CSV file as objects keyed by header, streamed with csv-parse.
 * Records that cannot be parsed (wrong column count, broken quotes) are skipped
 * and reported through onMalformed.
 */
export async function* readCsv(
  path: string,
  onMalformed: () => void,
  onBytes?: OnBytes,
): AsyncGenerator<Record<string, string>> {
  const parser = parse({
    columns: (header: string[]) => header.map((h) => h.trim().replace(/;$/, '')),
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    relax_quotes: false,
  });
  parser.on('skip', () => onMalformed());
  const source = openText(path, onBytes);
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  for await (const record of parser as AsyncIterable<Record<string, string>>) yield record;
}

/** Reads a whole JSON file; these enrichment files are small (a few MB at most). */
export function readJson(path: string): unknown {
  const size = fileSize(path);
  if (size > 64 * 1024 * 1024) throw new Error('JSON file larger than 64 MB');
  return JSON.parse(readFileSync(path, 'utf8'));
}
