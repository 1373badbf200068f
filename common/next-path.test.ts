import { describe, expect, it } from 'vitest';
import { NEXT_PATH_MAX, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeNextPath('/lists/abc/view')).toBe('/lists/abc/view');
    expect(safeNextPath('/home/movie/tt0111161')).toBe('/home/movie/tt0111161');
    expect(safeNextPath('/community/c1/discussions/d1?page=2#comment-3')).toBe('/community/c1/discussions/d1?page=2#comment-3');
    expect(safeNextPath('/profile/ada')).toBe('/profile/ada');
  });

  it('refuses anything that leads to another host or is not a path', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/lists/1/view',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'http:/evil.example',
      'javascript:alert(1)',
      'lists/1/view',
      ' /lists/1/view',
      '/lists/1/view\n',
      '/lists\t/1',
      '/a\\b',
      '',
      '/'.padEnd(NEXT_PATH_MAX + 1, 'a'),
    ]) {
      expect(safeNextPath(bad), bad).toBeNull();
    }
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(['/lists/1/view'])).toBeNull();
  });

  it('refuses the sign-in pages and the landing page as a way back', () => {
    for (const loop of ['/', '/login', '/login?next=/x', '/onboarding', '/Onboarding/profile', '/?x=1']) expect(safeNextPath(loop), loop).toBeNull();
  });
});
