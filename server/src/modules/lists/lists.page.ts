import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ListIdSchema, type ListSummary } from '../../../../common/contracts/lists.ts';
import { escapeHtml } from '../../lib/http/html.ts';
import { publicListPage } from './lists.service.ts';

export { escapeHtml };

const DESCRIPTION_MAX = 200;


/** Open Graph and Twitter card tags for a public list, so a shared link unfolds into a card in chat apps. */
export function listMetaTags(list: ListSummary, appUrl: string): string {
  const count = `${list.titleCount} ${list.titleCount === 1 ? 'title' : 'titles'}`;
  const about = list.description ?? `A list of ${count} by ${list.ownerProfile.displayName} on Reelhouse.`;
  const description = about.length > DESCRIPTION_MAX ? `${about.slice(0, DESCRIPTION_MAX - 1)}…` : about;
  const image = list.contentList.find((t) => t.primaryImage)?.primaryImage ?? null;
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', 'Reelhouse'],
    ['og:title', list.name],
    ['og:description', description],
    ['og:url', `${appUrl}/lists/${list.listId}/view`],
    ...(image ? ([['og:image', image]] as [string, string][]) : []),
  ];
  return [
    ...tags.map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c)}">`),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="description" content="${escapeHtml(description)}">`,
  ].join('');
}

/** index.html with the list's name as its title and its tags in the head (the built page's, else before the body). */
export function withListMeta(indexHtml: string, list: ListSummary, appUrl: string): string {
  const tags = listMetaTags(list, appUrl);
  const title = `<title>${escapeHtml(list.name)} · Reelhouse</title>`;
  let html = /<title>[\s\S]*?<\/title>/i.test(indexHtml) ? indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => title) : indexHtml;
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `${tags}</head>`);
  if (!html.includes(title)) html = `${title}${html}`;
  return html.replace(title, () => `${title}${tags}`);
}

/**
 * GET /lists/{listId}/view: the single-page app's index.html, with Open Graph tags when the list is public. A private
 * or missing list, or a build without index.html, gets what every other page gets (the not-found handler).
 */
export async function listPageRoutes(app: FastifyInstance) {
  const indexPath = resolve(app.config.WEB_DIST, 'index.html');
  let indexHtml: Promise<string | null> | undefined;
  const ctx = { database: app.database, cache: app.cache };
  app.get<{ Params: { listId: string } }>('/lists/:listId/view', { schema: { hide: true } }, async (req, reply) => {
    indexHtml ??= readFile(indexPath, 'utf8').catch(() => null);
    const html = await indexHtml;
    const id = ListIdSchema.safeParse(req.params.listId);
    const list = html !== null && id.success ? await publicListPage(ctx, id.data) : undefined;
    if (html === null || !list) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withListMeta(html, list, app.config.appUrl));
  });
}
