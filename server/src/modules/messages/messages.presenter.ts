import type { Message } from '../../../../common/contracts/people.ts';
import { isoOf } from '../../lib/time.ts';

export type MessageRow = { id: string; conversationId: string; senderId: string; text: string; createdAt: Date | string };

export const presentMessage = (m: MessageRow): Message => ({ id: m.id, conversationId: m.conversationId, senderId: m.senderId, text: m.text, createdAt: isoOf(m.createdAt) });
