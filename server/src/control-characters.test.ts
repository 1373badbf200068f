import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../test/fans.ts';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { setRole } from './modules/moderation/index.ts';

/**
 * NUL and the other control characters are refused by the contracts (common/contracts/text.ts) with a 400 naming the
 * field, before any query: PostgreSQL refuses NUL in text, so each of them once answered 500 there. Every route of
 * the OpenAPI document (generated from the routes' own schemas) gets NUL in each of its text parameters and fields.
 */
let ctx: TestContext;
let headers: Record<string, string>;
const SOME_ID = '00000000-0000-4000-8000-00000000dead';

beforeAll(async () => {
  ctx = await createTestApp();
  const [mod] = await insertFans(ctx, 1, 'Moderator');
  await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
  headers = mod.headers;
});
afterAll(async () => {
  await ctx?.close();
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const kinds = (s: JsonSchema | undefined): JsonSchema[] => (s ? [s, ...(s.anyOf ?? []).flatMap(kinds), ...(s.oneOf ?? []).flatMap(kinds)] : []);
const takesText = (s: JsonSchema | undefined) => kinds(s).some((k) => k.type === 'string' || (Array.isArray(k.type) && k.type.includes('string')));
const takesTextList = (s: JsonSchema | undefined) => kinds(s).some((k) => k.type === 'array' && takesText(k.items));

interface Probe {
  method: string;
  url: string;
  field: string;
  payload?: Record<string, unknown>;
}

function probesOf(path: string, method: string, op: Operation): Probe[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const fill = (nul?: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === nul ? 'a%00b' : params.some((p) => p.name === name && p.schema?.type === 'string') ? SOME_ID : SOME_ID));
  const out: Probe[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in === 'path' && takesText(p.schema)) out.push({ method, url: fill(p.name), field: p.name });
    if (p.in === 'query' && takesText(p.schema)) out.push({ method, url: `${fill()}?${p.name}=a%00b`, field: p.name });
  }
  const body = op.requestBody?.content?.['application/json']?.schema;
  for (const k of kinds(body)) {
    for (const [name, s] of Object.entries(k.properties ?? {})) {
      if (takesText(s)) out.push({ method, url: fill(), field: name, payload: { [name]: 'a\u0000b' } });
      else if (takesTextList(s)) out.push({ method, url: fill(), field: name, payload: { [name]: ['a\u0000b'] } });
      else for (const [inner, t] of Object.entries(s.properties ?? {})) if (takesText(t)) out.push({ method, url: fill(), field: `${name}.${inner}`, payload: { [name]: { [inner]: 'a\u0000b' } } });
    }
  }
  return out;
}

describe('control characters in requests', () => {
  it('are refused with 400 naming the field on every route, never reaching the database', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const probes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).flatMap(([method, op]) => probesOf(path, method.toUpperCase(), op)));
    // The places the probe found answering 500 on PostgreSQL are among them.
    const named = new Set(probes.map((p) => `${p.method} ${p.url.split('?')[0].replace(SOME_ID, '{id}')} ${p.field}`));
    for (const place of [
      'POST /api/lists name',
      'POST /api/lists description',
      'POST /api/lists genres',
      'POST /api/user/setProfile displayName',
      'POST /api/user/setProfile bio',
      'GET /api/user/profile/a%00b suffix',
      'POST /api/user/mutes targetId',
      'POST /api/reports reason',
      'POST /api/messages text',
      'POST /api/notifications/read ids',
      'POST /api/moderation/hidden targetId',
    ]) {
      expect(named, place).toContain(place);
    }
    expect(probes.length).toBeGreaterThan(59);
    const failures: string[] = [];
    for (const probe of probes) {
      const res = await ctx.app.inject({ method: probe.method as 'GET', url: probe.url, headers, ...(probe.payload ? { payload: probe.payload } : {}) });
      const error = res.statusCode === 400 ? (res.json() as { error: { message: string } }).error : null;
      // The field is named; or, as other fields were left out, another field is (the NUL one passes no further).
      if (res.statusCode !== 400 || !error?.message.includes(': ')) failures.push(`${probe.method} ${probe.url} ${probe.field}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('names the field when it is the only thing wrong', async () => {
    const list = { name: 'Fine', type: 'movie', visibility: 'public', contentList: [] };
    const cases: { method: 'GET' | 'POST'; url: string; payload?: object; field: string }[] = [
      { method: 'POST', url: '/api/lists', payload: { ...list, name: 'a\u0000' }, field: 'name' },
      { method: 'POST', url: '/api/lists', payload: { ...list, description: 'a\u0000' }, field: 'description' },
      { method: 'POST', url: '/api/lists', payload: { ...list, genres: ['Dra\u0000ma'] }, field: 'genres' },
      { method: 'POST', url: '/api/lists', payload: { ...list, contentList: [{ titleId: 'tt0000001', note: 'a\u0000' }] }, field: 'contentList' },
      { method: 'POST', url: '/api/user/setProfile', payload: { displayName: 'A\u0000' }, field: 'displayName' },
      { method: 'POST', url: '/api/user/setProfile', payload: { displayName: 'Ann', bio: 'a\u0001b' }, field: 'bio' },
      { method: 'GET', url: '/api/user/profile/%00', field: 'suffix' },
      { method: 'POST', url: '/api/user/mutes', payload: { targetType: 'community', targetId: 'c\u0000' }, field: 'targetId' },
      { method: 'POST', url: '/api/reports', payload: { targetType: 'person', targetId: SOME_ID, reason: 'bad\u0000' }, field: 'reason' },
      { method: 'POST', url: '/api/messages', payload: { toId: 'someone', text: 'hi\u0000' }, field: 'text' },
      { method: 'POST', url: '/api/notifications/read', payload: { ids: ['n\u0000'] }, field: 'ids' },
      { method: 'POST', url: '/api/moderation/hidden', payload: { targetType: 'list', targetId: 'l\u0000' }, field: 'targetId' },
      { method: 'POST', url: '/api/moderation/reports/r%00/resolve', field: 'id' },
      { method: 'POST', url: '/api/moderation/suspensions/u%00', field: 'userId' },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ method: c.method, url: c.url, headers, ...(c.payload ? { payload: c.payload } : {}) });
      expect(res.statusCode, c.url + c.field).toBe(400);
      expect(res.json().error.message, c.url + c.field).toMatch(new RegExp(`^${c.field}(\\.|\\[|:)`));
    }
  });

  it('keeps tab and line feed in text', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', headers, payload: { displayName: 'Tab Fan', bio: 'Line one\nLine\ttwo' } });
    expect(res.statusCode).toBe(200);
  });
});
