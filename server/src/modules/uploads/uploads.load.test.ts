import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { imageForm, makeImage } from './uploads.test-fixtures.ts';

/** Uploads are processed a few at a time off the event loop: the server keeps answering meanwhile. */
let ctx: TestContext;
let person: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_RATE_LIMIT: '1000', UPLOAD_CONCURRENCY: '2', UPLOAD_QUEUE_MAX: '12' });
  person = await buildUser(ctx, { displayName: 'Busy Uploader' });
});
afterAll(async () => {
  await ctx?.close();
});

const upload = (form: ReturnType<typeof imageForm>) =>
  ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...person.headers } });

describe('10 uploads at once', () => {
  it('are all stored while /healthz keeps answering', async () => {
    const image = await makeImage('png', 3000, 3000);
    const uploads = Array.from({ length: 10 }, () => upload(imageForm(image, { purpose: 'community' })));
    let done = false;
    const health: number[] = [];
    const probing = (async () => {
      while (!done) {
        health.push((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answers = await Promise.all(uploads);
    done = true;
    await probing;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
  });

  it('answers 503 uploads_busy past the waiting room', async () => {
    const image = await makeImage('png', 2000, 2000);
    // 2 processed + 12 waiting: the rest of 20 are refused at once.
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(imageForm(image))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(14);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(codes.every((c) => c === 201 || c === 503)).toBe(true);
    expect(busy[0].json().error).toEqual({ code: 'uploads_busy', message: 'We are processing many images right now. Please try again in a minute.' });
  });
});
