import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { INFO_LINKS } from '../../../lib/info-links';
import { FOOTER_GROUPS, LandingFooter } from './landing-footer';

/** Every <a> of the footer: its href and the text or label it shows. */
function links(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gs)].map(([, attrs, inner]) => ({
    href: /href="([^"]*)"/.exec(attrs)?.[1] ?? null,
    label: /aria-label="([^"]*)"/.exec(attrs)?.[1] ?? inner.replace(/<[^>]+>/g, '').trim(),
  }));
}

describe('landing footer', () => {
  // Rendered at / (the landing page), with a location hook that needs no browser.
  const html = renderToStaticMarkup(
    <Router hook={() => ['/', () => {}]} searchHook={() => ''}>
      <LandingFooter />
    </Router>,
  );
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

  it('leads the store badges to how to use Reelhouse on a phone', () => {
    expect(found.filter((l) => /App Store|Google Play/.test(l.label))).toEqual([
      { href: '/help#on-your-phone', label: 'Download on the App Store' },
      { href: '/help#on-your-phone', label: 'Get it on Google Play' },
    ]);
  });
});
