// The built app on a copy of the starter catalogue, with one signed-in, onboarded fan who owns a public list and a
// discussion in the General community: what the page-quality measurements (Lighthouse, axe, JS sizes) open.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Running, signIn, startApp, startSmtpServer, stop } from './servers.ts';
import { copyStarter } from './starter-file.ts';

export interface PageStack {
  base: string;
  /** The fan's session, as a Cookie header value. */
  cookie: string;
  /** The pages measured, by name: '/', '/home', a title page, a list, a discussion. */
  pages: Array<{ name: string; path: string }>;
  close(): Promise<void>;
}

const GENERAL = '00000000-0000-4000-8000-000000000001';
const TITLE = { type: 'movie', id: 'tt0468569' }; // The Dark Knight, in the starter catalogue

async function post<T>(base: string, cookie: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Starts the built app (run `npm run build` first) and prepares the fan and the pages. */
export async function startPageStack(): Promise<PageStack> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) throw new Error('run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'reelhouse-pages-'));
  const database = join(dir, 'app.db');
  const smtp = await startSmtpServer();
  let app: Running | undefined;
  try {
    await copyStarter(database, smtp.url, false);
    app = await startApp({ database, smtpUrl: smtp.url, pinned: false });
    const { base } = app;
    const cookie = await signIn(base, smtp);
    const me = await post<{ id: string }>(base, cookie, '/api/user/setProfile', { displayName: 'Page Fan' });
    await post(base, cookie, `/api/communities/join-community/${GENERAL}`, { userId: me.id });
    const list = await post<{ listId?: string; id?: string }>(base, cookie, '/api/lists', {
      name: 'Night drives',
      type: 'movie',
      visibility: 'public',
      description: 'Films for the late hours.',
      contentList: [{ titleId: TITLE.id }, { titleId: 'tt1375666' }, { titleId: 'tt0816692' }],
    });
    const discussion = await post<{ discussionId: string }>(base, cookie, `/api/communities/${GENERAL}/discussions`, {
      title: 'Best heist films?',
      body: 'Looking for something like Heat. What would you pick?',
    });
    const listId = list.listId ?? list.id;
    const running = app;
    return {
      base,
      cookie,
      pages: [
        { name: 'landing /', path: '/' },
        { name: 'home /home', path: '/home' },
        { name: 'title page', path: `/home/${TITLE.type}/${TITLE.id}` },
        { name: 'list', path: `/lists/${listId}/view` },
        { name: 'discussion', path: `/community/${GENERAL}/discussions/${discussion.discussionId}` },
      ],
      async close() {
        await stop(running);
        await smtp.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    if (app) await stop(app);
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
