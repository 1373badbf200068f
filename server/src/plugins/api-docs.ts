import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** Where the API reference lives: the page, the OpenAPI document as JSON and YAML, and the page's script. */
export const API_DOCS_PREFIX = '/api/docs';
const PATHS = ['', '/', '/openapi.json', '/openapi.yaml', '/js/scalar.js'];
/** Headers of the reference's answers that are about the content; the app's own hooks write the rest. */
const PASSED_ON = ['content-type', 'content-disposition', 'location', 'access-control-allow-origin', 'access-control-allow-methods'];

/**
 * The API reference (Scalar's Fastify plugin over @fastify/swagger's document), loaded on its first request.
 *
 * The reference's script is a 4 MB module that cost a third of a second of every start. Its routes are the app's own
 * (same hooks, headers, rate limits and logs as any route); the first request to one of them imports the plugin into a
 * Fastify instance of its own, which reads the app's OpenAPI document and answers through `inject`.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  let reference: Promise<FastifyInstance> | null = null;
  const load = () => {
    reference ??= (async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const docs = Fastify({ logger: false });
      await docs.register(scalar, { routePrefix: API_DOCS_PREFIX, configuration: { content: () => app.swagger() } });
      await docs.ready();
      return docs;
    })().catch((err: unknown) => {
      reference = null; // The next request tries again.
      throw err;
    });
    return reference;
  };
  const answer = async (req: FastifyRequest, reply: FastifyReply) => {
    const docs = await load();
    const res = await docs.inject({ method: 'GET', url: req.url });
    reply.code(res.statusCode);
    for (const name of PASSED_ON) {
      const value = res.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(res.rawPayload.length > 0 ? res.rawPayload : undefined);
  };
  for (const path of PATHS) app.get(`${API_DOCS_PREFIX}${path}`, { schema: { hide: true } }, answer);
  app.addHook('onClose', async () => {
    if (reference) await (await reference.catch(() => null))?.close();
  });
}
