import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer, responseJsonSchema, simplifyForSerializer } from './serializer.ts';

const User = z.object({ data: z.object({ id: z.string(), bio: z.string().nullable(), tags: z.array(z.string()), age: z.number().int() }) });
const compile = (schema: z.ZodType) => compiledSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('response serializer', () => {
  it('turns nullable unions into nullable types', () => {
    expect(simplifyForSerializer({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({ type: 'string', nullable: true });
    const WithNullableObject = z.object({ photo: z.object({ url: z.string() }).nullable() });
    expect(responseJsonSchema(WithNullableObject)).toMatchObject({ properties: { photo: { type: 'object', nullable: true } } });
    const write = compile(WithNullableObject);
    expect(JSON.parse(write({ photo: null }))).toEqual({ photo: null });
    expect(JSON.parse(write({ photo: { url: 'u' } }))).toEqual({ photo: { url: 'u' } });
  });

  it('writes only declared fields, in their declared types', () => {
    const out = compile(User)({ data: { id: 'u1', bio: null, tags: ['a'], age: 3, secret: 'no' } });
    expect(JSON.parse(out)).toEqual({ data: { id: 'u1', bio: null, tags: ['a'], age: 3 } });
  });

  it('falls back to zod for what JSON Schema cannot express', () => {
    const WithDate = z.object({ at: z.date() });
    expect(responseJsonSchema(WithDate)).toBeNull();
    const out = compile(WithDate)({ at: new Date('2026-01-02T03:04:05.000Z') });
    expect(JSON.parse(out)).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});
