import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { text } from '../../../../common/contracts/text.ts';
import { IMAGE_MAX_BYTES, ImageUploadFormSchema, UploadedImageSchema, UploadPurposeSchema } from '../../../../common/contracts/uploads.ts';
import { closeAfterAnswer } from '../../lib/http/close-after-answer.ts';
import { AppError, badRequest, notFound } from '../../lib/http/errors.ts';
import { personal } from '../../lib/http/personal.ts';
import { contentTypeOfKey, isStorageKey, MEDIA_IMAGES_PATH } from './storage.ts';
import { COMMUNITY_IMAGE_BOX, IMAGE_MAX_PIXELS, PROFILE_IMAGE_SIDE } from './uploads.image.ts';
import { createWorkQueue } from './uploads.queue.ts';
import { eraseAccountImages, imageTooLarge, storeImage } from './uploads.service.ts';

/** Room for the multipart envelope around the file (boundaries, part headers, the purpose field). */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const validation = (message: string) => badRequest(message, 'validation_error');

/** The parts of the upload form: one file in `image`, an optional `purpose`. */
async function readForm(req: FastifyRequest): Promise<{ image: Buffer; purpose: string | undefined }> {
  let image: Buffer | undefined;
  let purpose: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw validation(`${part.fieldname}: is not a field of this form (send the file in the field image).`);
        image = await readFile(part.file);
      } else if (part.fieldname === 'purpose') {
        purpose = typeof part.value === 'string' ? part.value : String(part.value);
      } else if (part.fieldname === 'image') {
        throw validation('image: must be a file, not a text field.');
      } else {
        throw validation(`${part.fieldname}: is not a field of this form.`);
      }
    }
  } catch (err) {
    throw formError(err);
  }
  if (!image) throw validation('image: is required (a file in the multipart field image).');
  if (image.length === 0) throw validation('image: is empty.');
  return { image, purpose };
}

/**
 * A file part's bytes, refused (413) the moment more than IMAGE_MAX_BYTES have arrived: leaving the loop destroys the
 * part's stream, so the rest of an oversized upload is never read into memory or waited for.
 */
async function readFile(file: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (file.truncated || size > IMAGE_MAX_BYTES) throw imageTooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) throw imageTooLarge();
  return Buffer.concat(chunks, size);
}

/** What a failure while reading the form answers: the limits of @fastify/multipart, or a body that is not a well-formed form. */
function formError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imageTooLarge();
  if (code === 'FST_FILES_LIMIT') return validation('image: send a single file.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return validation('body: has more fields than this form takes (image, purpose).');
  return validation('body: is not a well-formed multipart/form-data body.');
}

export async function uploadsRoutes(app: FastifyInstance) {
  const storage = app.mediaStorage;
  const config = app.config;
  const tags = ['uploads'];
  // A closed account's profile pictures go: their files from storage, then their records.
  app.outbox.subscribe('uploads.eraseAccount', 'account.deleted', ({ data }) => eraseAccountImages(app.database.db, storage, data.userId));
  // Images decoded at once, and how many may wait (UPLOAD_CONCURRENCY, UPLOAD_QUEUE_MAX).
  const queue = createWorkQueue(config.UPLOAD_CONCURRENCY, config.UPLOAD_QUEUE_MAX);

  // Multipart parsing for this scope alone: every other route keeps refusing multipart bodies, and its JSON body limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 256, fieldNameSize: 100, headerPairs: 20 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/uploads/images',
      {
        config: {
          rateLimit: {
            max: config.UPLOAD_RATE_LIMIT,
            timeWindow: '1 hour',
            keyGenerator: (req: FastifyRequest) => (req.session ? `upload:${req.session.id}` : `upload-ip:${req.ip}`),
          },
        },
        // Before any of the body is read: the person must be signed in, and a body announced as too large is refused at once.
        onRequest: async (req, reply) => {
          req.requireUser();
          const length = Number(req.headers['content-length']);
          if (Number.isFinite(length) && length > IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
            closeAfterAnswer(req, reply);
            throw imageTooLarge();
          }
        },
        preValidation: async (req) => {
          if (!req.isMultipart()) {
            throw new AppError(415, 'unsupported_media_type', 'body: must be multipart/form-data with the image in a field named image.');
          }
        },
        schema: {
          tags,
          summary: 'Upload an image (a community image or a profile picture)',
          description:
            'Signed in (401 otherwise). A `multipart/form-data` body with one file in the field `image` and, optionally, the field `purpose`: ' +
            `\`community\` (the default; the image is fitted inside ${COMMUNITY_IMAGE_BOX} x ${COMMUNITY_IMAGE_BOX} pixels, never enlarged) or \`profile\` ` +
            `(cropped to a centred square of ${PROFILE_IMAGE_SIDE} x ${PROFILE_IMAGE_SIDE}, or the shorter side when smaller). ` +
            'The type is read from the content, never from the file name or the part\'s Content-Type: PNG, JPEG and WebP are accepted; ' +
            'SVG, GIF, HTML, a file that does not decode to its end, or anything else answers 415 `unsupported_image`. ' +
            `More than 5 MB answers 413 \`image_too_large\` (the upload is cut off at that point, or refused before reading when Content-Length announces more), as does an image of more than ${IMAGE_MAX_PIXELS / 1_000_000} million pixels (refused before decoding). ` +
            `Images are processed ${config.UPLOAD_CONCURRENCY} at a time (\`UPLOAD_CONCURRENCY\`), the others waiting their turn; past ${config.UPLOAD_QUEUE_MAX} waiting (\`UPLOAD_QUEUE_MAX\`) an upload answers 503 \`uploads_busy\`. ` +
            'The image is turned upright by its EXIF orientation, resized and re-encoded as WebP: EXIF (GPS included) and all other metadata, and anything after the image data, are gone. ' +
            'It is stored under a new random name and recorded as uploaded by the caller; the answer (201) gives its `url` (`/media/images/<name>.webp`, or the bucket\'s public https address when `S3_PUBLIC_URL` is set) ' +
            'to send as `imageUrl` or `communityImage`, and its `width` and `height`. ' +
            `400 \`validation_error\` names the field (image missing or empty, another field, a second file, purpose other than community or profile); 415 \`unsupported_media_type\` for a body that is not multipart. ` +
            `Limited to \`UPLOAD_RATE_LIMIT\` (${config.UPLOAD_RATE_LIMIT}) uploads per person per hour (429 \`rate_limited\`). Sent \`private, no-store\`.`,
        consumes: ['multipart/form-data'],
          body: ImageUploadFormSchema,
          response: { 201: envelope(UploadedImageSchema) },
        },
      },
      async (req, reply) => {
        const actor = req.requireUser();
        const form = await readForm(req).catch((err: AppError) => {
          // The client may still be sending: the connection closes after this answer instead of reading the rest.
          if (err.statusCode === 413) closeAfterAnswer(req, reply);
          throw err;
        });
        const purpose = UploadPurposeSchema.safeParse(form.purpose ?? 'community');
        if (!purpose.success) throw validation('purpose: must be community or profile.');
        const image = await storeImage(app.database.db, storage, queue, actor.id, form.image, purpose.data, req.log);
        personal(reply.status(201));
        return { data: image };
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${MEDIA_IMAGES_PATH}:name`,
    {
      schema: {
        tags,
        summary: 'An uploaded image',
        description:
          'The image stored under this name (the `url` POST /api/uploads/images answered), from local disk or, without `S3_PUBLIC_URL`, proxied from the S3 bucket. ' +
          'Sent as `image/webp` with `X-Content-Type-Options: nosniff` and `Cache-Control: public, max-age=31536000, immutable` (a name is never reused). ' +
          '404 `image_not_found` for any other name.',
        params: z.object({ name: text() }),
      },
    },
    async (req, reply) => {
      const { name } = req.params;
      if (!isStorageKey(name)) throw notFound('No such image.', 'image_not_found');
      let stored: Awaited<ReturnType<typeof storage.get>>;
      try {
        stored = await storage.get(name);
      } catch (err) {
        req.log.error({ err, key: name }, 'image not read from storage');
        throw new AppError(503, 'storage_unavailable', 'The image cannot be read right now.');
      }
      if (!stored) throw notFound('No such image.', 'image_not_found');
      reply.header('content-type', contentTypeOfKey(name));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', IMMUTABLE);
      if (stored.size !== null) reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  );
  // Nothing else lives under /media/: not the web app either.
  r.get('/media/*', { schema: { hide: true } }, async () => {
    throw notFound('No such image.', 'image_not_found');
  });
}
