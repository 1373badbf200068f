import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeletedDiaryEntrySchema,
  DiaryContainsRequestSchema,
  DiaryContainsSchema,
  DiaryEntryParamsSchema,
  DiaryMonthQuerySchema,
  DiaryMonthSchema,
  DiaryPersonParamsSchema,
  DiaryTitleParamsSchema,
  DiaryYearParamsSchema,
  DiaryYearSchema,
  LogWatchRequestSchema,
  LogWatchResultSchema,
  TitleWatchedSchema,
} from '../../../../common/contracts/diary.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { personal } from '../../lib/http/personal.ts';
import { yearCardPng } from './diary.card.ts';
import { eraseAccountDiary } from './diary.repository.ts';
import { deleteWatch, diaryMonth, diaryYear, logWatch, publicDiaryMonth, titleWatched, watchedAmong } from './diary.service.ts';

export async function diaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['diary'];
  // A closed account's diary goes with it.
  app.outbox.subscribe('diary.eraseAccount', 'account.deleted', ({ data }) => eraseAccountDiary(app.database.db, data.userId));

  r.post(
    '/api/diary',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Mark a title watched: a diary entry',
        description:
          'Signed in. `watchedOn` (YYYY-MM-DD) is today (UTC) when absent; a day after tomorrow is refused (400). Logging the same title on the same day again changes nothing (`changed: false`); on another day it is a rewatch. Rating is separate: this does not rate. 404 `title_not_found` for an unknown title.',
        body: LogWatchRequestSchema,
        response: { 200: envelope(LogWatchResultSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await logWatch(app.database, app.cache, actor, actor.id, req.body) };
    },
  );

  r.delete(
    '/api/diary/:id',
    {
      schema: {
        tags,
        summary: 'Take an entry out of the diary',
        description: 'Signed in, the entry’s owner. Anyone else’s entry, like an unknown one, is 404 `diary_entry_not_found`.',
        params: DiaryEntryParamsSchema,
        response: { 200: envelope(DeletedDiaryEntrySchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await deleteWatch(app.database, actor, req.params.id) };
    },
  );

  r.get(
    '/api/diary',
    {
      schema: {
        tags,
        summary: "A month of the reader's diary",
        description: 'Signed in; a diary is private. `?month=YYYY-MM` (this month when absent); entries newest day first, and every month that has entries. Sent `private, no-store`.',
        querystring: DiaryMonthQuerySchema,
        response: { 200: envelope(DiaryMonthSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await diaryMonth(app.database, app.cache, actor, actor.id, req.query.month) };
    },
  );

  r.get(
    '/api/diary/people/:userId',
    {
      schema: {
        tags,
        summary: "A month of a person's diary, as their profile shows it",
        description:
          'Public: anyone may read a person’s diary, signed in or not. `?month=YYYY-MM` (this month when absent); entries newest day first, each with the person’s rating, and every month that has entries. A suspended or closed account, someone the reader blocked or who blocked the reader, or no such person: 404 `user_not_found`. Sent `private, no-store` (blocks make it differ per reader).',
        params: DiaryPersonParamsSchema,
        querystring: DiaryMonthQuerySchema,
        response: { 200: envelope(DiaryMonthSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await publicDiaryMonth(app.database, app.cache, req.sessionUser(), req.params.userId, req.query.month) };
    },
  );

  r.get(
    '/api/diary/titles/:titleId',
    {
      schema: {
        tags,
        summary: 'Whether the reader watched a title',
        description: 'Signed in. How many diary entries the title has, and the latest (its id undoes it). Sent `private, no-store`.',
        params: DiaryTitleParamsSchema,
        response: { 200: envelope(TitleWatchedSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await titleWatched(app.database, actor, actor.id, req.params.titleId) };
    },
  );

  r.post(
    '/api/diary/contains',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary: 'Which of these titles the reader watched',
        description: 'Signed in. Body `{ titleIds }`, at most 100 (a page of cards); answers those with a diary entry, in the order asked. Sent `private, no-store`.',
        body: DiaryContainsRequestSchema,
        response: { 200: envelope(DiaryContainsSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await watchedAmong(app.database, actor, actor.id, req.body.titleIds) };
    },
  );

  r.get(
    '/api/diary/year/:year',
    {
      schema: {
        tags,
        summary: "The reader's year in review",
        description:
          'Signed in. Films watched (entries and distinct films), series entries, rewatches, hours (the titles’ runtimes; a series entry counts one episode), entries per month, the top genres, and the highest rated titles watched that year (the reader’s ratings). Sent `private, no-store`.',
        params: DiaryYearParamsSchema,
        response: { 200: envelope(DiaryYearSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await diaryYear(app.database, app.cache, actor, actor.id, req.params.year) };
    },
  );

  r.get(
    '/api/diary/year/:year/card.png',
    {
      schema: {
        tags,
        summary: 'The year in review as an image to share',
        description: 'Signed in. A 1200×630 PNG of the year’s figures, top genres and highest rated titles, to download and post. Sent `private, no-store`.',
        params: DiaryYearParamsSchema,
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      const review = await diaryYear(app.database, app.cache, actor, actor.id, req.params.year);
      const png = await yearCardPng(review, actor.displayName || 'My');
      return reply
        .type('image/png')
        .header('content-disposition', `inline; filename="reelhouse-${review.year}.png"`)
        .send(png);
    },
  );
}
