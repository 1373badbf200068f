import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { safeEncode, toJSONSchema, ZodError, type ZodType } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Rewrites what zod's JSON Schema output says in a way fast-json-stringify serializes slowly:
 * `anyOf: [X, { type: 'null' }]` (every `.nullable()`) becomes X with `nullable: true`,
 * so the compiled serializer checks for null instead of validating each branch at run time.
 */
export function simplifyForSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyForSerializer);
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s && s.type === 'null' && Object.keys(s).length === 1);
    if (nullIndex !== -1) {
      const { anyOf: _drop, ...rest } = node;
      const other = simplifyForSerializer(anyOf[1 - nullIndex]) as JsonSchema;
      if (!other.anyOf && !other.oneOf && !other.allOf && !other.$ref) return { ...rest, ...other, nullable: true };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === '$schema' ? value : simplifyForSerializer(value);
  return out;
}

/** The JSON Schema a response is serialized by, or null when zod cannot express it (dates, transforms). */
export function responseJsonSchema(schema: ZodType): JsonSchema | null {
  try {
    const json = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
    delete json.$schema;
    return simplifyForSerializer(json) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Responses are written by a serializer compiled once per route from the route's zod schema
 * (fast-json-stringify, what Fastify itself uses for JSON Schema routes): it writes only the
 * declared fields, in declared types, several times faster than encoding with zod first.
 *
 * With `verify` (development and tests) every answer is also checked against the zod schema
 * and the compiled output compared with zod's; any difference fails the request with a
 * response serialization error, so the contract stays enforced where mistakes are made.
 * Schemas zod cannot express as JSON Schema fall back to zod's own encoder.
 */
export function createSerializerCompiler({ verify }: { verify: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const { schema, method, url } = route;
    const json = responseJsonSchema(schema);
    let stringify: ((data: unknown) => string) | null = null;
    if (json) {
      try {
        stringify = fastJson(json);
      } catch {
        stringify = null;
      }
    }
    if (!stringify) return zodSerializerCompiler(route as never) as (data: unknown) => string;
    if (!verify) return stringify;
    const compiled = stringify;
    return (data) => {
      const checked = safeEncode(schema, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const out = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(out), JSON.parse(JSON.stringify(checked.data)))) {
        throw new ResponseSerializationError(method, url, {
          cause: new ZodError([
            {
              code: 'custom',
              path: [],
              input: data,
              message: `compiled serializer wrote ${out.slice(0, 500)} where the contract gives ${JSON.stringify(checked.data).slice(0, 500)}`,
            },
          ]),
        });
      }
      return out;
    };
  };
}

const serializedAnswers = new WeakMap<object, string>();

/**
 * Serializer compiler for routes whose answers come from an in-process cache and are the same
 * object each time: each answer's JSON is written once (JSON.stringify) and reused while the object
 * lives. The answers are built by presenters typed by the contracts, so zod does not check them again.
 */
export const reuseJsonOfCachedAnswers = () => (payload: unknown) => {
  const inner = (payload as { data?: unknown } | null)?.data;
  if (inner === null || typeof inner !== 'object') return JSON.stringify(payload);
  let json = serializedAnswers.get(inner);
  if (json === undefined) {
    json = JSON.stringify(payload);
    serializedAnswers.set(inner, json);
  }
  return json;
};
