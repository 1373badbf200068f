import type { DiaryYear } from '../../../../common/contracts/diary.ts';
import { escapeHtml } from '../../lib/http/html.ts';

/** The share card's size: 1200 × 630, what link previews and social posts show whole. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

type Sharp = (typeof import('sharp'))['default'];
let loaded: Promise<Sharp> | undefined;
/** sharp (libvips) loads with the first card drawn, not at start. */
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((m) => m.default);
  return loaded;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The year in review as an SVG: the figures, the top genres and the highest rated titles, in the app's colours. */
export function yearCardSvg(review: DiaryYear, name: string): string {
  const e = escapeHtml;
  const figure = (x: number, value: string, label: string) =>
    `<text x="${x}" y="300" font-size="84" font-weight="700" fill="#ffffff">${e(value)}</text>` +
    `<text x="${x}" y="346" font-size="28" fill="#b8b8c8">${e(label)}</text>`;
  const genres = review.topGenres.slice(0, 3).map((g) => g.name).join(' · ') || 'No genres yet';
  const rated = review.highestRated.slice(0, 3).map((r, i) => `<text x="60" y="${470 + i * 42}" font-size="30" fill="#ffffff">${i + 1}. ${e(clip(r.title.title, 48))}  <tspan fill="#f5c518">${r.rating}/10</tspan></text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b1030"/><stop offset="1" stop-color="#0b0b12"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<text x="60" y="100" font-size="40" font-weight="700" fill="#f5c518">Reelhouse</text>
<text x="60" y="170" font-size="56" font-weight="700" fill="#ffffff">${e(clip(name, 28))}’s ${review.year} in review</text>
${figure(60, String(review.distinctFilms), review.distinctFilms === 1 ? 'film' : 'films')}
${figure(360, String(review.hours), 'hours')}
${figure(660, String(review.entries), review.entries === 1 ? 'diary entry' : 'diary entries')}
${figure(960, String(review.rewatches), review.rewatches === 1 ? 'rewatch' : 'rewatches')}
<text x="60" y="410" font-size="28" fill="#b8b8c8">Top genres: <tspan fill="#ffffff">${e(clip(genres, 60))}</tspan></text>
${rated.length ? rated.join('\n') : '<text x="60" y="470" font-size="28" fill="#b8b8c8">Rate what you watch: your favourites show here.</text>'}
</svg>`;
}

/** The card as PNG bytes. */
export async function yearCardPng(review: DiaryYear, name: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(yearCardSvg(review, name))).png({ compressionLevel: 8 }).toBuffer();
}
