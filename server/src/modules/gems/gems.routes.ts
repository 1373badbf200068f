import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { BadgeParamsSchema, BadgesSchema, GemTransactionsPageSchema, GemTransactionsQuerySchema } from '../../../../common/contracts/gems.ts';
import { personal } from '../../lib/http/personal.ts';
import { eraseAccountGems } from './gems.repository.ts';
import * as service from './gems.service.ts';


const BADGES =
  'Answers the catalogue (each badge with its colour, emoji, `position` `top` or `bottom` on the picture, price in gems, and whether the person owns and wears it), the ids owned, the badge equipped, the gem balance, and `badgeVisible`: a badge shows on the picture only for the premium statuses Premiere and Platinum (spec 6). Sent `private, no-store`.';

export async function gemsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A closed account's badges and balance go; its ledger stays, owned by the tombstone.
  app.outbox.subscribe('gems.eraseAccount', 'account.deleted', ({ data }) => eraseAccountGems(app.database.db, data.userId));

  r.get(
    '/api/gems/transactions',
    {
      schema: {
        tags: ['gems'],
        summary: "The reader's gem transactions, newest first, 10 a page",
        description:
          'Signed in. The ledger: every credit (gem bundle, level reward) and debit (badge, refunded bundle) is one row; the balance is their sum and never below zero. `?limit=` 1 to 10 (10 when absent, spec 9); `?startAfter=` the previous page\'s `nextCursor` (keyset, stable while rows are added). Sent `private, no-store`.',
        querystring: GemTransactionsQuerySchema,
        response: { 200: envelope(GemTransactionsPageSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.listTransactions(app.database, actor, actor.id, req.query) };
    },
  );

  r.get(
    '/api/profile/badges',
    { schema: { tags: ['gems'], summary: "The badge catalogue and the reader's badges", description: `Signed in. ${BADGES}`, response: { 200: envelope(BadgesSchema) } } },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.listBadges(app.database, actor, actor.id) };
    },
  );

  r.post(
    '/api/profile/badges/:badgeId/buy',
    {
      schema: {
        tags: ['gems'],
        summary: 'Buy a badge with gems',
        description: `Signed in. Debits the badge's price from the gems once (buying a badge already owned changes nothing); 409 \`not_enough_gems\` when the balance is short, 404 \`badge_not_found\` for an unknown badge. ${BADGES}`,
        params: BadgeParamsSchema,
        response: { 200: envelope(BadgesSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const data = await service.buyBadge(app.database, actor, actor.id, req.params.badgeId);
      return { data };
    },
  );

  r.post(
    '/api/profile/badges/:badgeId/equip',
    {
      schema: {
        tags: ['gems'],
        summary: 'Wear a badge on the profile picture',
        description: `Signed in. Replaces the badge worn before; 409 \`badge_not_owned\` for a badge not bought, 404 \`badge_not_found\` for an unknown one. ${BADGES}`,
        params: BadgeParamsSchema,
        response: { 200: envelope(BadgesSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const data = await service.equipBadge(app.database, actor, actor.id, req.params.badgeId);
      return { data };
    },
  );

  r.post(
    '/api/profile/badges/unequip',
    {
      schema: { tags: ['gems'], summary: 'Take the badge off the profile picture', description: `Signed in. ${BADGES}`, response: { 200: envelope(BadgesSchema) } },
    },
    async (req) => {
      const actor = req.requireUser();
      const data = await service.unequipBadge(app.database, actor, actor.id);
      return { data };
    },
  );
}
