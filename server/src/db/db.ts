import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** The query layer or a transaction of it: what repository functions take first, so a caller's transaction can be passed in. */
export type Db = Kysely<DB> | Transaction<DB>;
