import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import {
  IMPORT_MAX_BYTES,
  ImportJobSchema,
  ImportListSchema,
  ImportParamsSchema,
  ImportReportSchema,
  ImportResolveRequestSchema,
  ImportUploadFormSchema,
} from '../../../../common/contracts/imports.ts';
import { closeAfterAnswer } from '../../lib/http/close-after-answer.ts';
import { AppError, badRequest } from '../../lib/http/errors.ts';
import { eraseAccountImports } from './imports.repository.ts';
import { ImportRunner, importReport, listImports, resolveRow, startImport } from './imports.service.ts';

/** Room for the multipart envelope around the file (boundaries, part headers). */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MB = IMPORT_MAX_BYTES / 1024 / 1024;
const tooLarge = () => new AppError(413, 'file_too_large', `file: is larger than ${MB} MB.`);
const validation = (message: string) => badRequest(message, 'validation_error');

/** The form's one file, in the field `file`: its name and bytes, cut off (413) past IMPORT_MAX_BYTES. */
async function readForm(req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  let found: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') throw validation(`${part.fieldname}: is not a field of this form (send the export in the field file).`);
      if (part.fieldname !== 'file') throw validation(`${part.fieldname}: is not a field of this form (send the export in the field file).`);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += chunk.length;
        if (part.file.truncated || size > IMPORT_MAX_BYTES) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      found = { name: part.filename || 'upload', bytes: Buffer.concat(chunks, size) };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw validation('file: send a single file.');
    throw validation('body: is not a well-formed multipart/form-data body.');
  }
  if (!found) throw validation('file: is required (the export in the multipart field file).');
  if (found.bytes.length === 0) throw validation('file: is empty.');
  return found;
}

export async function importsRoutes(app: FastifyInstance) {
  const runner = new ImportRunner(app.database, app.log);
  // A closed account's history imports go, with their rows.
  app.outbox.subscribe('imports.eraseAccount', 'account.deleted', ({ data }) => eraseAccountImports(app.database.db, data.userId));
  // Jobs a stopped process left are resumed from their first pending row (every batch marks its rows as it writes).
  app.addHook('onReady', async () => {
    await runner.resumeOrphans();
  });
  app.addHook('preClose', () => runner.close());
  const tags = ['imports'];

  // Multipart parsing for this scope alone, as for uploads.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 20 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/imports',
      {
        config: {
          rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => (req.session ? `import:${req.session.id}` : `import-ip:${req.ip}`) },
        },
        onRequest: async (req, reply) => {
          req.requireUser();
          const length = Number(req.headers['content-length']);
          if (Number.isFinite(length) && length > IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES) {
            closeAfterAnswer(req, reply);
            throw tooLarge();
          }
        },
        preValidation: async (req) => {
          if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'body: must be multipart/form-data with the export in a field named file.');
        },
        schema: {
          tags,
          summary: 'Import history from Letterboxd, IMDb or Trakt',
          description:
            'Signed in. A `multipart/form-data` body with one file in the field `file`: a Letterboxd export (the ZIP as Letterboxd makes it), an IMDb ratings, watchlist or list CSV, or a Trakt export (a ZIP of JSON files). ' +
            `At most ${MB} MB (413 \`file_too_large\`). The whole file is read first: a malformed file answers 400 \`invalid_file\` naming the file and line (or entry) and nothing is written. ` +
            'Otherwise the import is recorded and answered at once (202) while it runs in the background; follow it with `GET /api/imports/{id}`. ' +
            'Running the same file again adds nothing twice. Limited to 20 imports per person per hour.',
          consumes: ['multipart/form-data'],
          body: ImportUploadFormSchema,
          response: { 202: envelope(ImportJobSchema) },
        },
      },
      async (req, reply) => {
        const actor = req.requireUser();
        const form = await readForm(req).catch((err: AppError) => {
          if (err.statusCode === 413) closeAfterAnswer(req, reply);
          throw err;
        });
        const job = await startImport(app.database, runner, actor, form.name, new Uint8Array(form.bytes.buffer, form.bytes.byteOffset, form.bytes.length));
        reply.status(202).header('cache-control', 'private, no-store');
        return { data: job };
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/imports',
    {
      schema: {
        tags,
        summary: "The reader's imports, newest first (the last 20)",
        description: 'Signed in. Each with its status, progress and counts. Sent `private, no-store`.',
        response: { 200: envelope(ImportListSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      reply.header('cache-control', 'private, no-store');
      return { data: { results: await listImports(app.database, actor) } };
    },
  );

  r.get(
    '/api/imports/:id',
    {
      schema: {
        tags,
        summary: 'An import: progress, counts and report',
        description:
          'Signed in; only its owner (404 `import_not_found` for anyone else). `status` queued, running, done or failed; `processed` of `total` rows; counts of imported, already present, not matched and ambiguous rows; ' +
          'the not matched rows and the ambiguous ones with their candidate titles (the first 500 of each). Sent `private, no-store`.',
        params: ImportParamsSchema,
        response: { 200: envelope(ImportReportSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      reply.header('cache-control', 'private, no-store');
      return { data: await importReport(app.database, actor, req.params.id) };
    },
  );

  r.post(
    '/api/imports/:id/resolve',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Settle an ambiguous row with one of its candidates',
        description:
          "Signed in; only the import's owner (404 otherwise). Body `{ row, titleId }`: the row number from the report and one of its candidates' ids (400 otherwise). " +
          'The row is written as if it had matched that title (a rating, a watchlist entry, a list entry); a row that is not ambiguous answers 409 `not_ambiguous`. Answers the report.',
        params: ImportParamsSchema,
        body: ImportResolveRequestSchema,
        response: { 200: envelope(ImportReportSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await resolveRow(app.database, actor, req.params.id, req.body) };
    },
  );
}
