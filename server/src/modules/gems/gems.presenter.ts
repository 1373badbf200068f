import type { BadgeLook, GemReason, GemTransaction } from '../../../../common/contracts/gems.ts';
import { encodeCursor } from '../../lib/http/cursor.ts';
import { isoOf } from '../../lib/time.ts';
import type { LedgerKey } from './gems.repository.ts';

export function presentTransaction(row: { id: string; amount: number; reason: string; description: string; createdAt: Date | string }): GemTransaction {
  return { id: row.id, amount: Number(row.amount), reason: row.reason as GemReason, description: row.description, createdAt: isoOf(row.createdAt) };
}

export function presentBadgeLook(row: { id: string; name: string; emoji: string; color: string; position: string }): BadgeLook {
  return { id: row.id, name: row.name, emoji: row.emoji, color: row.color, position: row.position === 'top' ? 'top' : 'bottom' };
}

/** `startAfter` cursors: the last row's time and id, opaque to clients (lib/http/cursor.ts); read back strictly here, a bad one answering 400 `startAfter`. */
export function cursorOf(row: { createdAt: Date | string; id: string }): string {
  return encodeCursor(row.createdAt, row.id);
}

export function ledgerKeyOf(cursor: string): LedgerKey | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar === -1) return null;
  const createdAt = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(createdAt) || Number.isNaN(Date.parse(createdAt))) return null;
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  return { createdAt, id };
}
