import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import { setImmediate as turnEnds } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batching.ts';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('write batching', () => {
  it('runs the writes of a turn at its end, in the order they came', async () => {
    const errors: unknown[] = [];
    const batcher = createWriteBatcher((err) => errors.push(err));
    const done: string[] = [];
    batcher.soon(() => done.push('first'));
    batcher.soon(() => done.push('second'));
    expect(done).toEqual([]);
    expect(batcher.pending()).toBe(2);
    await turnEnds();
    expect(done).toEqual(['first', 'second']);
    expect(batcher.pending()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps writing the rest when one write throws, and reports it', async () => {
    const errors: unknown[] = [];
    const batcher = createWriteBatcher((err) => errors.push(err));
    const done: string[] = [];
    batcher.soon(() => {
      throw new Error('socket broke');
    });
    batcher.soon(() => done.push('after'));
    await turnEnds();
    expect(done).toEqual(['after']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('socket broke');
  });

  it('runs a write queued by a write in the next turn', async () => {
    const batcher = createWriteBatcher(() => undefined);
    const done: string[] = [];
    batcher.soon(() => {
      done.push('outer');
      batcher.soon(() => done.push('inner'));
    });
    await turnEnds();
    expect(done).toEqual(['outer']);
    await turnEnds();
    expect(done).toEqual(['outer', 'inner']);
  });

  it('answers HTTP requests made in one turn together at its end', async () => {
    const batcher = createWriteBatcher(() => undefined);
    // Each request's answer is made at once but written by the batcher; the order of the writes is recorded.
    const written: string[] = [];
    server = createServer((req, res) => {
      batcher.soon(() => {
        written.push(req.url ?? '');
        res.end(`answer to ${req.url}`);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const get = (path: string) =>
      new Promise<string>((resolve, reject) => {
        request({ host: '127.0.0.1', port: address.port, path }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
    const answers = await Promise.all(['/a', '/b', '/c'].map(get));
    expect(answers).toEqual(['answer to /a', 'answer to /b', 'answer to /c']);
    expect(written.sort()).toEqual(['/a', '/b', '/c']);
    expect(batcher.pending()).toBe(0);
  });
});
