import type { Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import * as repo from './communities.repository.ts';

/**
 * The listings read an index in their order, never sort a whole discussion's comments or a community's discussions:
 * the first page of comments of a discussion with 10,000 comments reads 21 index entries. Checked on SQLite's query
 * plans (the budgets of the issue are measured on SQLite).
 */
let database: Database;
let cleanup: () => Promise<void>;

function planOf(query: Compilable<unknown>): string {
  const compiled = query.compile();
  const sqlite = database.sqlite;
  if (!sqlite) throw new Error('SQLite only');
  const rows = sqlite.prepare(`explain query plan ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[];
  return rows.map((r) => r.detail).join('\n');
}

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
  // Statistics as a busy database would have them, so the planner chooses as it will in production.
  database.sqlite?.exec('analyze');
});
afterAll(async () => {
  await cleanup?.();
});

describe('indexes of the listings', () => {
  it('top-level comments of a discussion: comments_top_idx in order, no sort', () => {
    const plan = planOf(
      database.db
        .selectFrom('comments as k')
        .leftJoin('users as u', 'u.id', 'k.authorId')
        .select(['k.id'])
        .where('k.discussionId', '=', 'd')
        .where('k.parentId', 'is', null)
        .orderBy('k.createdAt')
        .orderBy('k.id')
        .limit(21),
    );
    expect(plan).toMatch(/comments_top_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('replies of a comment: comments_replies_idx in order, no sort', () => {
    const plan = planOf(database.db.selectFrom('comments').select('id').where('parentId', '=', 'c').orderBy('createdAt').orderBy('id').limit(21));
    expect(plan).toMatch(/comments_replies_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('a community’s discussions, new and active: their indexes in order, no sort', () => {
    for (const [col, index] of [
      ['createdAt', 'discussions_community_new_idx'],
      ['lastActivityAt', 'discussions_community_active_idx'],
    ] as const) {
      const plan = planOf(database.db.selectFrom('discussions').select('id').where('communityId', '=', 'c').orderBy(col, 'desc').orderBy('id', 'desc').limit(21));
      expect(plan).toMatch(new RegExp(index));
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('discover (most members first): communities_popular_idx, no sort', () => {
    const plan = planOf(database.db.selectFrom('communities').select('id').orderBy('memberCount', 'desc').orderBy('id').limit(21));
    expect(plan).toMatch(/communities_popular_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('the first replies of a page of comments: one short range of comments_replies_idx per comment, no sort', () => {
    const plan = planOf(repo.firstRepliesQuery(database.db, ['a', 'b'], 3));
    expect(plan.match(/comments_replies_idx/g)).toHaveLength(2);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
