import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Rewrites what zod's JSON Schema output says in a way fast-json-stringify serializes slowly:
 * `anyOf: [X, { type: 'null' }]` (every `.nullable()`) becomes X with `nullable: true`, so the compiled
 * serializer checks for null instead of trying each branch at run time.
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

/** The JSON Schema a response is written by, or null when zod cannot express it (dates, transforms). */
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
 * Answers are written by a serializer compiled once per route from the route's zod response schema
 * (fast-json-stringify, what Fastify itself uses for JSON Schema routes): only the declared fields, in their
 * declared types, the same in production as in tests. A schema zod cannot express as JSON Schema is written by
 * zod's own encoder (fastify-type-provider-zod).
 */
function compileSerializer(route: Parameters<FastifySerializerCompiler<ZodType>>[0]): (data: unknown) => string {
  const json = responseJsonSchema(route.schema);
  if (json) {
    try {
      return fastJson(json) as (data: unknown) => string;
    } catch {
      // Falls through to zod's encoder.
    }
  }
  return zodSerializerCompiler(route as never) as (data: unknown) => string;
}

/**
 * Fastify asks for every route's serializers while the app starts; each is compiled when its route first answers
 * with that status instead (a few hundred routes × statuses cost a quarter of a second of every start, most of them
 * never answered by a given process).
 */
export const compiledSerializer: FastifySerializerCompiler<ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | null = null;
  return (data: unknown) => {
    serialize ??= compileSerializer(route);
    return serialize(data);
  };
};
