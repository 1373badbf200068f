import { describe, expect, it } from 'vitest';
import { ImageUrlSchema, isAcceptableImageUrl } from './image-url.ts';

describe('image addresses a person may choose', () => {
  it('accepts images stored here and https: addresses', () => {
    expect(isAcceptableImageUrl('/media/images/3f2a9c1e-77aa.webp')).toBe(true);
    expect(isAcceptableImageUrl('https://cdn.example.com/a/b.png')).toBe(true);
  });
  it('refuses every other kind of address', () => {
    for (const bad of [
      'http://example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/media/images/../../etc/passwd',
      '/media/other/abcdefgh.webp',
      '//evil.example.com/a.png',
      'https://user:pw@example.com/a.png',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      expect(isAcceptableImageUrl(bad), bad).toBe(false);
    }
    expect(ImageUrlSchema.safeParse('ftp://x/y.png').success).toBe(false);
  });
});
