import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { PersonLink, profileHref } from './person-link';

// The unit project does not resolve the app's @common alias; the avatar only needs the initial.
vi.mock('@common/format', () => ({ avatarLetter: (name?: string | null) => name?.[0] ?? '?' }));

async function draw(node: React.ReactNode) {
  const { prelude } = await prerender(<Router ssrPath="/home">{node}</Router>);
  return (await new Response(prelude).text()).replace(/<!--.*?-->/g, '');
}

describe('PersonLink', () => {
  it('links to the profile by username, else by id (people cards name it id, others userId)', () => {
    expect(profileHref({ id: 'u1', username: 'ada.l' })).toBe('/profile/ada.l');
    expect(profileHref({ id: 'u1', username: null })).toBe('/profile/u1');
    expect(profileHref({ userId: 'u 2' })).toBe('/profile/u%202');
    expect(profileHref({ userId: '', displayName: 'Gone' })).toBeNull();
    expect(profileHref(null)).toBeNull();
  });

  it('draws the picture and name inside one link', async () => {
    const html = await draw(<PersonLink person={{ id: 'u1', username: 'ada', displayName: 'Ada Lovelace', imageUrl: null }} />);
    expect(html).toMatch(/^<a [^>]*href="\/profile\/ada"[^>]*>.*Ada Lovelace<\/span><\/a>$/);
  });

  it('draws someone gone (no id) as Anonymous, without a link', async () => {
    const html = await draw(<PersonLink person={null} />);
    expect(html).not.toContain('<a');
    expect(html).toContain('Anonymous');
  });

  it('keeps a picture beside a linked name out of the tab order and from screen readers', async () => {
    const html = await draw(<PersonLink person={{ userId: 'u9', displayName: 'Bo' }} decorative />);
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('>Bo<');
  });
});
