import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../test/fans.ts';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { setRole } from './modules/moderation/index.ts';

/**
 * Property-based fuzzing of every route of the OpenAPI document (generated from the routes' own zod schemas): path
 * parameters, query and JSON body generated from each operation's JSON Schema, mostly invalid (a field replaced by
 * junk, a wrong type, a value out of its bounds, the whole body junk) and some valid, sent as a signed-in moderator
 * and as an anonymous caller. Whatever arrives, the answer is never a 5xx, and a 400 names the field it is about.
 *
 * Runs: FUZZ_RUNS cases per route and caller (default 40 with CI=true, over 10,000 in all; 4 locally, 3 on
 * PostgreSQL). The seed is FUZZ_SEED, fixed in CI; fast-check prints the seed and path of a failing case, which
 * FUZZ_SEED and FUZZ_PATH replay.
 */
const CI = process.env.CI === 'true';
const POSTGRES = process.env.TEST_DB === 'postgres';
const RUNS = Number(process.env.FUZZ_RUNS ?? (CI ? (POSTGRES ? 8 : 40) : POSTGRES ? 3 : 4));
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : CI ? 20_261_202 : Date.now() % 1_000_000_007;
const PATH = process.env.FUZZ_PATH;

/** Routes that cannot be fuzzed by inject: an event stream never ends. Signing out would end the fuzzing session. */
const SKIPPED = new Set(['GET /api/events', 'POST /api/auth/logout', 'POST /api/auth/sign-out']);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const GENERAL_COMMUNITY = '00000000-0000-4000-8000-000000000001';
const knownIds: string[] = [];
let ctx: TestContext;
let headers: Record<string, string>;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_RATE_LIMIT: '100000', SIGNIN_RATE_LIMIT: '100000' });
  const [mod] = await insertFans(ctx, 1, 'Fuzzer');
  await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
  headers = mod.headers;
  doc = ctx.app.swagger() as typeof doc;
  // Real ids, so that some cases get past "not found" into the work behind it.
  const post = async (url: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers, payload });
    return res.statusCode < 300 ? (res.json() as { data: Record<string, unknown> }).data : {};
  };
  const [other] = await insertFans(ctx, 1, 'Fuzzed');
  const list = await post('/api/lists', { name: 'Fuzzed list', type: 'movie', contentList: [] });
  const community = await post('/api/communities', { name: 'Fuzzed community', description: 'Fuzz', isPublic: true });
  const discussion = community.communityId
    ? await post(`/api/communities/${community.communityId}/discussions`, { title: 'Fuzzed talk', body: 'Text' })
    : {};
  knownIds.push(mod.user.id, other.user.id, GENERAL_COMMUNITY, ...[list.listId, community.communityId, discussion.discussionId].filter((v): v is string => typeof v === 'string'));
});
afterAll(async () => {
  await ctx?.close();
});

function resolve(s: JsonSchema | undefined): JsonSchema {
  if (!s) return {};
  if (s.$ref) {
    const name = s.$ref.split('/').pop() as string;
    return resolve(doc.components?.schemas?.[name]);
  }
  return s;
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202e\u202e',
  '\ud800',
  '%',
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '00000000-0000-4000-8000-000000000000',
  'tt0000001',
  '2026-02-30T25:61:00Z',
];
const NASTY_NUMBERS = [0, -1, -0.5, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, 123456789012];

/** Any JSON value at all, leaning to the values that break parsers and queries. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS, null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A value the schema describes (more or less: patterns and formats are honoured where fast-check can). */
function valid(schema: JsonSchema | undefined, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (/id$/i.test(name) && knownIds.length && !s.enum && s.const === undefined) return fc.oneof(fc.constantFrom(...knownIds), validString(s));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (alternatives.length) return fc.oneof(...alternatives.map((a) => valid(a, depth)));
  if (s.allOf?.length) return valid(s.allOf[0], depth);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => valid({ ...s, type: t }, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Math.max(min, 0) + 1000);
      const lo = Math.max(Math.ceil(min), -(2 ** 31));
      const hi = Math.min(Math.floor(max), 2 ** 31 - 1);
      return lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(lo);
    }
    case 'string':
      return validString(s);
    case 'array': {
      const maxLength = Math.min(s.maxItems ?? 4, 4, depth > 2 ? 1 : 4);
      const minLength = Math.min(s.minItems ?? 0, maxLength);
      return fc.array(valid(s.items, depth + 1), { minLength, maxLength });
    }
    default:
      if (s.properties || types[0] === 'object') {
        if (depth > 3) return fc.constant({});
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, p] of Object.entries(props)) record[name] = valid(p, depth + 1, name);
        return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      return junk;
  }
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time') return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern) {
    try {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter((v) => v.length <= (s.maxLength ?? 200) && v.length >= (s.minLength ?? 0));
    } catch {
      // A pattern JavaScript cannot read: plain text then.
    }
  }
  const maxLength = Math.min(s.maxLength ?? 30, 60);
  return fc.string({ minLength: Math.min(s.minLength ?? 0, maxLength), maxLength });
}

/** Mostly invalid, some valid: the whole value junk, a valid value, or (objects) one field junk, one left out, one unknown added. */
function fuzzed(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const props = Object.keys(s.properties ?? {});
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 2, arbitrary: valid(s, 0, name) },
    { weight: 1, arbitrary: junk },
  ];
  if (props.length) {
    const base = valid(s) as fc.Arbitrary<Record<string, unknown>>;
    options.push(
      {
        weight: 4,
        arbitrary: fc.tuple(base, fc.constantFrom(...props), junk).map(([v, k, j]) => ({ ...(v ?? {}), [k]: j })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(base, fc.constantFrom(...props)).map(([v, k]) => {
          const copy = { ...(v ?? {}) };
          delete copy[k];
          return copy;
        }),
      },
      { weight: 1, arbitrary: fc.tuple(base, fc.string({ minLength: 1, maxLength: 12 }), junk).map(([v, k, j]) => ({ ...(v ?? {}), [k]: j })) },
    );
  } else {
    options.push({ weight: 2, arbitrary: junk });
  }
  return fc.oneof(...options);
}

/** Lone surrogates (which encodeURIComponent refuses) as U+FFFD, as a browser sends them. */
const wellFormed = (v: string): string => v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A query or path value: the text of a valid or junk value. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

function fieldNamesOf(op: Operation): Set<string> {
  const names = new Set(['body', 'query', 'params', 'path', 'headers', 'image']);
  const walk = (schema: JsonSchema | undefined, depth: number) => {
    const s = resolve(schema);
    if (depth > 6) return;
    for (const [name, p] of Object.entries(s.properties ?? {})) {
      names.add(name);
      walk(p, depth + 1);
    }
    walk(s.items, depth + 1);
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, depth + 1);
  };
  for (const p of op.parameters ?? []) names.add(p.name);
  walk(op.requestBody?.content?.['application/json']?.schema, 0);
  return names;
}

interface Case {
  url: string;
  payload?: unknown;
}

function caseOf(path: string, op: Operation): fc.Arbitrary<Case> {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const paramArb = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fuzzed(p.schema, p.name)])));
  const queryArb = fc.record(Object.fromEntries(query.map((p) => [p.name, fuzzed(p.schema, p.name)])), { requiredKeys: [] });
  const bodyArb = body ? fc.option(fuzzed(body), { freq: 8, nil: undefined }) : fc.constant(undefined);
  return fc.tuple(paramArb, queryArb, bodyArb).map(([params, q, payload]) => {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(asText(params[name]))) || 'x');
    const search = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, asText(v)])).toString();
    return { url: search ? `${url}?${search}` : url, payload };
  });
}

/** Whether a 400's message names a field of the operation, as `field: ...`, `field.inner: ...` or `field[0]: ...`. */
function namesField(message: string, fields: Set<string>): boolean {
  const head = /^([^:\s]+):/.exec(message)?.[1];
  if (!head) return false;
  return head.split(/[.[\]]/).some((segment) => fields.has(segment));
}

describe('fuzzing every route from its schema', () => {
  it('finds the routes', () => {
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBeGreaterThan(100);
    // Runs across routes and callers: over 10,000 in CI on SQLite.
    if (CI && !POSTGRES && process.env.FUZZ_RUNS === undefined) expect(count * 2 * RUNS).toBeGreaterThan(10_000);
  });

  const operations = (): [string, string, Operation][] =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [path, method.toUpperCase(), op] as [string, string, Operation]));

  it('never answers 5xx, and a 400 names the field', async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const [path, method, op] of operations()) {
      if (SKIPPED.has(`${method} ${path}`)) continue;
      const fields = fieldNamesOf(op);
      for (const caller of ['moderator', 'anonymous'] as const) {
        try {
          await fc.assert(
            fc.asyncProperty(caseOf(path, op), async (c) => {
              cases += 1;
              const res = await ctx.app.inject({
                method: method as 'GET',
                url: c.url,
                headers: caller === 'moderator' ? headers : {},
                ...(c.payload !== undefined ? { payload: JSON.stringify(c.payload), headers: { ...(caller === 'moderator' ? headers : {}), 'content-type': 'application/json' } } : {}),
              });
              const where = `${method} ${c.url} ${JSON.stringify(c.payload)?.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
              if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
              if (res.statusCode === 400) {
                const error = (res.json() as { error?: { code?: string; message?: string } }).error;
                if (!error?.message || !namesField(error.message, fields)) throw new Error(`400 names no field: ${where}`);
              }
            }),
            { numRuns: RUNS, seed: SEED, ...(PATH ? { path: PATH } : {}), endOnFailure: true },
          );
        } catch (err) {
          failures.push(`${caller} ${method} ${path}: ${(err as Error).message.split('\n').slice(0, 6).join(' | ')}`);
        }
      }
    }
    expect(cases).toBeGreaterThan(0);
    if (failures.length) console.error(`fuzz seed ${SEED}\n${failures.join('\n')}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 600_000);
});
