import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INFO_LINKS } from '../../info/info-pages';
import { FOOTER_GROUPS, LandingFooter } from './landing-footer';

/** Every <a> of the footer: its href and the text or label it shows. */
function links(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gs)].map(([, attrs, inner]) => ({
    href: /href="([^"]*)"/.exec(attrs)?.[1] ?? null,
    label: /aria-label="([^"]*)"/.exec(attrs)?.[1] ?? inner.replace(/<[^>]+>/g, '').trim(),
  }));
}

describe('landing footer', () => {
  const html = renderToStaticMarkup(<LandingFooter />);
  const found = links(html);

  it('leads back to / from the logo alone', () => {
    expect(found.filter((l) => l.href === '/')).toEqual([{ href: '/', label: 'Reelhouse, home' }]);
  });

  it('links every entry to a page of its own that the app routes', () => {
    const pages = new Set(INFO_LINKS.map((l) => l.to));
    const entries = FOOTER_GROUPS.flatMap((g) => g.links);
    expect(entries.length).toBeGreaterThanOrEqual(8);
    for (const { label, to } of entries) {
      expect(found, label).toContainEqual({ href: to, label });
      expect(pages.has(to.split('#')[0]), `${label} → ${to}`).toBe(true);
    }
    for (const page of ['/privacy', '/terms', '/guidelines', '/help']) expect(entries.some((e) => e.to === page), page).toBe(true);
  });
});
