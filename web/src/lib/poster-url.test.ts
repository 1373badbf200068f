import { describe, expect, it } from 'vitest';
import { posterUrl } from './poster-url';

describe('posterUrl', () => {
  it('asks IMDb for a scaled copy', () => {
    expect(posterUrl('https://m.media-amazon.com/images/M/MV5BM2M@._V1_.jpg')).toBe('https://m.media-amazon.com/images/M/MV5BM2M@._V1_UX400_.jpg');
    expect(posterUrl('https://m.media-amazon.com/images/M/abc._V1_SX300.jpg', 200)).toBe('https://m.media-amazon.com/images/M/abc._V1_UX200_.jpg');
  });

  it('leaves other hosts alone and maps missing to null', () => {
    expect(posterUrl('https://image.tmdb.org/t/p/w500/x.jpg')).toBe('https://image.tmdb.org/t/p/w500/x.jpg');
    expect(posterUrl(null)).toBeNull();
    expect(posterUrl('')).toBeNull();
  });
});
