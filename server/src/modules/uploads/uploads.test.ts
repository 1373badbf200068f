import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_IMAGE_PATH } from '../../../../common/image-url.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { writeWithEvents } from '../../events/index.ts';
import { findStoredImage, isStoredImage, requireChosenImage } from './uploads.service.ts';
import {
  HTML_PAYLOAD,
  hasGpsTag,
  imageForm,
  jpegWithGps,
  makeImage,
  multipartForm,
  pngClaiming,
  SVG_WITH_SCRIPT,
} from './uploads.test-fixtures.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let ada: Person;
let ben: Person;

type Form = ReturnType<typeof imageForm>;
const upload = (form: Form, person?: Person) =>
  ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...person?.headers } });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
let port: number | undefined;
/** The app listening on a port of 127.0.0.1, for what inject cannot send (a raw path, a body in chunks). */
async function listening(): Promise<number> {
  if (port === undefined) {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  }
  return port;
}
/** A request sent byte for byte as written (inject and fetch would resolve the dots of the path). */
async function rawGet(path: string): Promise<string> {
  const socket = connect(await listening(), '127.0.0.1');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  let out = '';
  for await (const chunk of socket) out += chunk;
  return out;
}
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_RATE_LIMIT: '1000' });
  ada = await buildUser(ctx, { displayName: 'Ada Uploader' });
  ben = await buildUser(ctx, { displayName: 'Ben Other' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/uploads/images: accepted images', () => {
  it('stores a PNG as a WebP community image, served back under /media/images/ as image/webp', async () => {
    const res = await upload(imageForm(await makeImage('png', 1600, 900), { purpose: 'community' }), ada);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { url, width, height } = res.json().data;
    expect(url).toMatch(STORED_IMAGE_PATH);
    expect(url).toMatch(/\.webp$/);
    expect([width, height]).toEqual([1200, 675]);

    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 675]);

    // The row kept for later checks: owner, key, purpose, size.
    const row = await findStoredImage(ctx.database.db, url);
    expect(row).toMatchObject({ ownerId: ada.user.id, purpose: 'community', size: served.rawPayload.length, width: 1200, height: 675 });
    expect(`/media/images/${row?.key}`).toBe(url);
  });

  it('turns a JPEG upright by its EXIF orientation and strips its EXIF, GPS included', async () => {
    const jpeg = await jpegWithGps();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsTag(before.exif)).toBe(true);

    const res = await upload(imageForm(jpeg, { filename: 'holiday.jpg', contentType: 'image/jpeg' }), ada);
    expect(res.statusCode).toBe(201);
    // Stored 80 x 40, to be viewed rotated: 40 wide, 80 high.
    expect(res.json().data).toMatchObject({ width: 40, height: 80 });
    const stored = (await get(res.json().data.url)).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([40, 80]);
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('crops a profile picture to a centred square of at most 512 pixels', async () => {
    const big = await upload(imageForm(await makeImage('jpeg', 2000, 1000), { purpose: 'profile', contentType: 'image/jpeg' }), ada);
    expect(big.statusCode).toBe(201);
    expect(big.json().data).toMatchObject({ width: 512, height: 512 });
    const small = await upload(imageForm(await makeImage('png', 300, 200), { purpose: 'profile' }), ada);
    expect(small.json().data).toMatchObject({ width: 200, height: 200 });
    expect((await findStoredImage(ctx.database.db, small.json().data.url))?.purpose).toBe('profile');
  });

  it('accepts a WebP and serves it back', async () => {
    const res = await upload(imageForm(await makeImage('webp', 100, 60), { filename: 'x.webp', contentType: 'image/webp' }), ben);
    expect(res.statusCode).toBe(201);
    const served = await get(res.json().data.url);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect(res.json().data).toMatchObject({ width: 100, height: 60 });
    // HEAD too, with no body.
    const head = await ctx.app.inject({ method: 'HEAD', url: res.json().data.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('keeps only the re-encoded image of a PNG followed by an HTML payload', async () => {
    const polyglot = Buffer.concat([await makeImage('png', 50, 50), Buffer.from(HTML_PAYLOAD)]);
    const res = await upload(imageForm(polyglot, { filename: 'page.html', contentType: 'text/html' }), ada);
    expect(res.statusCode).toBe(201);
    const stored = (await get(res.json().data.url)).rawPayload;
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(stored.includes(Buffer.from('<html'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });

  it('takes the purpose field before or after the file, and reads the type from the content whatever the name says', async () => {
    const form = multipartForm([
      { name: 'purpose', value: 'profile' },
      { name: 'image', value: await makeImage('jpeg', 600, 600), filename: 'selfie.gif', contentType: 'image/gif' },
    ]);
    const res = await upload(form, ada);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ width: 512, height: 512 });
  });
});

describe('POST /api/uploads/images: refused uploads', () => {
  const expectUnsupported = (res: Awaited<ReturnType<typeof upload>>) => {
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('unsupported_image');
    expect(errorOf(res).message).toMatch(/^image: /);
  };

  it('refuses an SVG carrying a script, whatever it is called', async () => {
    expectUnsupported(await upload(imageForm(SVG_WITH_SCRIPT, { filename: 'logo.svg', contentType: 'image/svg+xml' }), ada));
    expectUnsupported(await upload(imageForm(SVG_WITH_SCRIPT, { filename: 'logo.png', contentType: 'image/png' }), ada));
  });

  it('refuses a GIF, and a GIF/HTML polyglot', async () => {
    expectUnsupported(await upload(imageForm(await makeImage('gif'), { filename: 'a.gif', contentType: 'image/gif' }), ada));
    expectUnsupported(await upload(imageForm(Buffer.from(`GIF89a/*${HTML_PAYLOAD}*/`), { filename: 'a.gif', contentType: 'image/gif' }), ada));
  });

  it('refuses a JPEG header followed by HTML, which does not decode', async () => {
    const jpeg = await makeImage('jpeg', 64, 64);
    const res = await upload(imageForm(Buffer.concat([jpeg.subarray(0, 200), Buffer.from(HTML_PAYLOAD)]), { filename: 'a.jpg', contentType: 'image/jpeg' }), ada);
    expectUnsupported(res);
  });

  it('refuses a text file named .png', async () => {
    expectUnsupported(await upload(imageForm(Buffer.from('just some text, not a picture\n'), { filename: 'photo.png', contentType: 'image/png' }), ada));
  });

  it('refuses an image announcing more pixels than allowed, before decoding it', async () => {
    const res = await upload(imageForm(await pngClaiming(20_000, 20_000)), ada);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toMatchObject({ code: 'image_too_large' });
    expect(errorOf(res).message).toBe('image: has more than 16 million pixels (for example 4000 x 4000); choose a smaller image.');
    // A 49-megapixel PNG of a few KB (what took seconds to decode) is refused the same way.
    const bomb = await upload(imageForm(await pngClaiming(7000, 7000)), ada);
    expect(bomb.statusCode).toBe(413);
    expect(errorOf(bomb).message).toMatch(/^image: has more than 16 million pixels/);
  });

  it('refuses a 20 MB file with 413 without reading it all', async () => {
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x41);
    huge.set(await makeImage('png'), 0);
    const started = Date.now();
    const res = await upload(imageForm(huge), ada);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({ code: 'image_too_large', message: 'image: is larger than 5 MB.' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts off a 20 MB upload streamed without Content-Length after 5 MB', async () => {
    const port = await listening();
    const form = imageForm(Buffer.alloc(20 * 1024 * 1024, 0x41));
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/uploads/images', headers: { ...form.headers, ...ada.headers, 'transfer-encoding': 'chunked' } });
      let sent = 0;
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sent });
        });
      });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      // Sends 256 KB at a time, waiting for each to drain, and stops as soon as the answer arrives.
      const step = 256 * 1024;
      const pump = () => {
        if (answered) return;
        if (sent >= form.payload.length) return void req.end();
        const chunk = form.payload.subarray(sent, sent + step);
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(pump);
        else req.once('drain', pump);
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('image_too_large');
    // Answered once a little more than 5 MB had arrived, not after all 20 MB.
    expect(answer.sent).toBeLessThan(12 * 1024 * 1024);
  });

  it('answers 401 to an anonymous caller, and stores nothing', async () => {
    const before = readdirSync(ctx.config.MEDIA_DIR).length;
    const res = await upload(imageForm(await makeImage('png')));
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
    expect(readdirSync(ctx.config.MEDIA_DIR).length).toBe(before);
  });

  it('answers 400 naming the field for a missing image, an empty one, a wrong purpose or an extra field', async () => {
    const missing = await upload(multipartForm([{ name: 'purpose', value: 'profile' }]), ada);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ code: 'validation_error' });
    expect(errorOf(missing).message).toMatch(/^image: is required/);

    const empty = await upload(imageForm(Buffer.alloc(0)), ada);
    expect([empty.statusCode, errorOf(empty).message]).toEqual([400, 'image: is empty.']);

    const purpose = await upload(imageForm(await makeImage('png'), { purpose: 'banner' }), ada);
    expect([purpose.statusCode, errorOf(purpose).message]).toEqual([400, 'purpose: must be community or profile.']);

    const wrongName = await upload(multipartForm([{ name: 'file', value: await makeImage('png'), filename: 'a.png', contentType: 'image/png' }]), ada);
    expect(wrongName.statusCode).toBe(400);
    expect(errorOf(wrongName).message).toMatch(/^file: /);

    const asText = await upload(multipartForm([{ name: 'image', value: 'hello' }]), ada);
    expect([asText.statusCode, errorOf(asText).message]).toEqual([400, 'image: must be a file, not a text field.']);

    const two = await upload(
      multipartForm([
        { name: 'image', value: await makeImage('png'), filename: 'a.png', contentType: 'image/png' },
        { name: 'image', value: await makeImage('png'), filename: 'b.png', contentType: 'image/png' },
      ]),
      ada,
    );
    expect(two.statusCode).toBe(400);
    expect(errorOf(two).message).toMatch(/^image: /);
  });

  it('answers 415 to a body that is not multipart, and 400 to a broken one', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: { image: 'x' }, headers: ada.headers });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).code).toBe('unsupported_media_type');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
      headers: { ...ada.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.statusCode).toBe(400);
    const noBoundary = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: 'abc', headers: { ...ada.headers, 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('leaves every other route refusing multipart bodies and keeping its JSON body limit', async () => {
    const form = imageForm(await makeImage('png'));
    const other = await ctx.app.inject({ method: 'POST', url: '/api/watchlist', payload: form.payload, headers: { ...form.headers, ...ada.headers } });
    expect(other.statusCode).toBe(415);
    const big = await ctx.app.inject({ method: 'POST', url: '/api/watchlist', payload: { titleId: 'x'.repeat(20_000) }, headers: ada.headers });
    expect([big.statusCode, errorOf(big).code]).toEqual([413, 'body_too_large']);
  });
});

describe('GET /media/images/{name}', () => {
  it('answers 404 for unknown names and anything that is not a stored name', async () => {
    for (const url of [
      '/media/images/00000000-0000-4000-8000-000000000000.webp',
      '/media/images/..%2F..%2Fpackage.json',
      '/media/images/..%2Ftest.db',
      '/media/images/%2e%2e',
      '/media/images/ABCDEFGH.webp',
      '/media/images/',
      '/media/other.webp',
      '/media/images/abcdefgh.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('answers 404 to a path climbing out of /media/images/ sent as it is', async () => {
    for (const path of ['/media/images/../../package.json', '/media/images/..%2f..%2fpackage.json', '/media/images/%2e%2e%2f%2e%2e%2fpackage.json']) {
      const answer = await rawGet(path);
      expect(answer, path).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer, path).not.toContain('"name": "reelhouse"');
    }
  });
});

describe('closing an account', () => {
  it("removes the person's profile pictures from disk with their records; a community picture stays with its community", async () => {
    const cy = await buildUser(ctx, { displayName: 'Cy Closing' });
    const profile = (await upload(imageForm(await makeImage('png', 300, 300), { purpose: 'profile' }), cy)).json().data.url as string;
    const banner = (await upload(imageForm(await makeImage('png', 800, 450), { purpose: 'community' }), cy)).json().data.url as string;
    const keyOf = (url: string) => url.slice('/media/images/'.length);
    expect(readdirSync(ctx.config.MEDIA_DIR)).toEqual(expect.arrayContaining([keyOf(profile), keyOf(banner)]));
    const closed = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: cy.headers, payload: { confirm: 'DELETE' } });
    expect(closed.statusCode, closed.body).toBe(200);

    expect(readdirSync(ctx.config.MEDIA_DIR)).not.toContain(keyOf(profile));
    expect((await get(profile)).statusCode).toBe(404);
    expect(await findStoredImage(ctx.database.db, profile)).toBeUndefined();
    expect((await get(banner)).statusCode).toBe(200);
    // A second delivery of the event finds nothing left to remove.
    await writeWithEvents(ctx.database, (_trx, emit) => emit('account.deleted', { userId: cy.user.id }));
    const failed = await ctx.database.db.selectFrom('outboxEvents').select('lastError').where('type', '=', 'account.deleted').where('lastError', 'is not', null).execute();
    expect(failed).toEqual([]);
  });
});

describe('isStoredImage: the check other modules make before saving an image address', () => {
  it('accepts an image stored here by its uploader, and no picture elsewhere on the web', async () => {
    const res = await upload(imageForm(await makeImage('png')), ada);
    const url = res.json().data.url as string;
    const db = ctx.database.db;
    expect(await isStoredImage(db, url)).toBe(true);
    expect(await isStoredImage(db, url, { ownerId: ada.user.id })).toBe(true);
    expect(await isStoredImage(db, url, { ownerId: ben.user.id })).toBe(false);
    expect(await isStoredImage(db, '/media/images/00000000-0000-4000-8000-000000000000.webp')).toBe(false);
    expect(await isStoredImage(db, 'https://images.example.com/poster.jpg')).toBe(false);
    expect(await isStoredImage(db, `https://images.example.com/${url.slice('/media/images/'.length)}`)).toBe(false);
    expect(await isStoredImage(db, 'http://images.example.com/poster.jpg')).toBe(false);
    expect(await isStoredImage(db, 'javascript:alert(1)')).toBe(false);
    // Addresses under the bucket's public address are checked like /media/images/ ones.
    const key = url.slice('/media/images/'.length);
    const publicBase = 'https://cdn.example.com/media';
    expect(await isStoredImage(db, `${publicBase}/${key}`, { publicBase })).toBe(true);
    expect(await isStoredImage(db, `${publicBase}/00000000-0000-4000-8000-000000000000.webp`, { publicBase })).toBe(false);
    expect(await isStoredImage(db, `${publicBase}/../secret.webp`, { publicBase })).toBe(false);
    await expect(requireChosenImage(db, '/media/images/00000000-0000-4000-8000-000000000000.webp', 'imageUrl')).rejects.toMatchObject({
      statusCode: 400,
      code: 'validation_error',
      message: expect.stringMatching(/^imageUrl: /),
    });
    await expect(requireChosenImage(db, url, 'communityImage', { ownerId: ada.user.id })).resolves.toBeUndefined();
  });
});

describe('the API document', () => {
  it('describes the upload form, its answers and the image route', async () => {
    const doc = (await ctx.app.inject('/api/docs/openapi.json')).json();
    const post = doc.paths['/api/uploads/images'].post;
    const form = post.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.purpose.enum).toEqual(['community', 'profile']);
    expect(post.responses['201']).toBeDefined();
    for (const words of ['415 `unsupported_image`', '413 `image_too_large`', '400 `validation_error`', '429 `rate_limited`', 'EXIF']) {
      expect(post.description).toContain(words);
    }
    expect(doc.paths['/media/images/{name}'].get.description).toMatch(/nosniff/);
  });
});
