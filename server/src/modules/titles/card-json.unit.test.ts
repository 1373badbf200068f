import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { MediaSearchResultSchema } from '../../../../common/contracts/titles.ts';
import { JsonBytes } from '../../lib/json-bytes.ts';
import { responseJsonSchema } from '../../lib/serializer.ts';
import { type IndexRow, SegmentBuilder, TitleSearchIndex } from '../../search/index.ts';
import { presentCard } from './titles.presenter.ts';

/** The contract's serializer for one card, compiled as the routes compile theirs. */
const serialize = fastJson(responseJsonSchema(MediaSearchResultSchema) as never) as (card: unknown) => string;

const base: IndexRow = {
  id: 'tt0000001',
  titleType: 'movie',
  primaryTitle: 'The Dark Knight',
  originalTitle: null,
  startYear: 2008,
  genres: 'Action,Crime,Drama',
  popularity: 5,
  imdbRating: 9,
  imdbVotes: 2_900_000,
  posterUrl: 'https://image.example/poster.jpg',
  releaseDate: '2008-07-18',
  creator: 'Christopher Nolan',
};

// Cards as the catalogue has them: every field present or absent, numbers of each kind, text in any script.
const written: Partial<IndexRow>[] = [
  {},
  { titleType: 'tvSeries', primaryTitle: 'Breaking Bad', imdbRating: 9.5, creator: 'Vince Gilligan' },
  { posterUrl: null, releaseDate: null, creator: null },
  { releaseDate: null, startYear: null },
  { startYear: null, imdbRating: null, imdbVotes: 0 },
  { imdbRating: 7.3, imdbVotes: 1 },
  { imdbRating: 8.25 },
  { genres: '' },
  { genres: 'Sci-Fi' },
  { genres: 'Science Fiction,TV Movie' },
  { primaryTitle: 'Amélie', creator: 'Jean-Pierre Jeunet' },
  { primaryTitle: '千と千尋の神隠し' },
  { primaryTitle: 'Film 🎬 Night' },
  { primaryTitle: "Schindler's List" },
  { primaryTitle: 'Se7en', startYear: 1995, releaseDate: '1995' },
];
// Cards JSON would need escaped, or whose genres the presenter trims: written the ordinary way.
const declined: Partial<IndexRow>[] = [
  { primaryTitle: 'The "Burbs"' },
  { creator: 'Back\\slash' },
  { posterUrl: 'https://x/a"b.jpg' },
  { genres: 'Action, Crime' },
  { genres: 'Action,,Crime' },
  { genres: 'Drama,' },
  { genres: ' Drama' },
];

function indexOf(rows: IndexRow[]): TitleSearchIndex {
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  for (const row of rows) builder.push(row);
  index.replace(builder.finish());
  return index;
}

describe('cards written from the index as JSON', () => {
  const rows = [...written, ...declined].map((change, i) => ({ ...base, ...change, id: `tt${String(i + 1).padStart(7, '0')}` }));
  const index = indexOf(rows);

  it("writes each card exactly as its contract's serializer writes the card presented from it", () => {
    for (const row of rows.slice(0, written.length)) {
      const out = new JsonBytes(64);
      expect(index.cardJson(row.id, -1, out)).toBe(true);
      const card = index.card(row.id);
      expect(card).not.toBeNull();
      expect(out.take().toString('utf8')).toBe(serialize(presentCard(card as NonNullable<typeof card>)));
    }
  });

  it('declines a card with a string JSON would escape, or genres the presenter would trim, leaving what was written before it', () => {
    for (const row of rows.slice(written.length)) {
      const out = new JsonBytes(64);
      out.ensure(1);
      out.ascii('[');
      expect(index.cardJson(row.id, -1, out)).toBe(false);
      expect(out.take().toString()).toBe('[');
    }
  });

  it('declines a title it does not have, and one whose card it does not hold', () => {
    const noCards = indexOf([{ ...base, posterUrl: undefined, releaseDate: undefined, creator: undefined }]);
    const out = new JsonBytes();
    expect(noCards.card(base.id)).toBeNull();
    expect(noCards.cardJson(base.id, -1, out)).toBe(false);
    expect(index.cardJson('tt9999999', -1, out)).toBe(false);
    expect(out.pos).toBe(0);
  });
});
