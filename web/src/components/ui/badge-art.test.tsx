import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { BadgeArt, hasBadgeArt } from './badge-art';

/** The badge catalogue as the migration that made it writes it: [id, name, emoji, ...]. */
const MIGRATION = resolve(import.meta.dirname, '../../../../server/src/db/migrations/20261128000300_gems_purchases.ts');
const catalogue = [...readFileSync(MIGRATION, 'utf8').matchAll(/\['([a-z-]+)', '[^']+', '([^']+)', '#[0-9a-f]{6}'/g)].map(([, id, emoji]) => ({ id, emoji }));

async function draw(node: React.ReactElement) {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

describe('BadgeArt', () => {
  it('draws every badge of the catalogue itself, found by id or by its emoji', () => {
    expect(catalogue).toHaveLength(10);
    for (const b of catalogue) {
      expect(hasBadgeArt({ id: b.id, emoji: '' }), b.id).toBe(true);
      expect(hasBadgeArt({ emoji: b.emoji }), b.emoji).toBe(true);
    }
  });

  it('is an SVG without any emoji in it, at the size asked', async () => {
    const html = await draw(<BadgeArt badge={{ emoji: '🍿' }} size={20} />);
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*data-badge-art=""[^>]*width="20" height="20"/);
    expect(html).not.toContain('🍿');
  });

  it('falls back to the emoji for a badge it does not know', async () => {
    expect(hasBadgeArt({ id: 'unicorn', emoji: '🦄' })).toBe(false);
    const html = await draw(<BadgeArt badge={{ id: 'unicorn', emoji: '🦄' }} size={20} />);
    expect(html).not.toContain('<svg');
    expect(html).toContain('🦄');
  });
});
