// A bare Fastify hello-world: the yardstick for the API's own overhead. Plain JavaScript, so it runs with exactly
// the Node flags of `npm start` and nothing else (no TypeScript loader). PORT sets the port.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
