import { LEVELS } from '../../../../common/contracts/levels.ts';
import type { Notification, NotificationKind, PersonCard } from '../../../../common/contracts/people.ts';
import { isoOf } from '../../lib/time.ts';
import type { StoredNotification } from './notifications.repository.ts';

const VERBS: Record<NotificationKind, string> = {
  follow: 'followed you',
  review_like: 'liked your review',
  discussion_like: 'liked your discussion',
  comment_like: 'liked your comment',
  discussion_reply: 'replied to your discussion',
  comment_reply: 'replied to your comment',
  join_request: 'asked to join your community',
  request_approved: 'approved your request to join',
  level_reached: 'You reached a new level',
};

/** A level notification names the level ('You reached Reel Buff'); its target is the level's id. */
export function notificationText(kind: NotificationKind, actorName: string | null, others: number, targetId?: string): string {
  const level = kind === 'level_reached' ? LEVELS.find((l) => l.id === targetId) : undefined;
  if (level) return `You reached ${level.name}`;
  const verb = VERBS[kind] ?? 'did something';
  if (kind === 'level_reached' || actorName === null) return kind === 'level_reached' ? verb : `Someone ${verb}`;
  if (others <= 0) return `${actorName} ${verb}`;
  return `${actorName} and ${others} ${others === 1 ? 'other' : 'others'} ${verb}`;
}

/** A stored notification as the contract shapes it, with its latest actor's card (from `cards`). */
export function presentNotification(r: StoredNotification, cards: Map<string, PersonCard>): Notification {
  const actor = r.actorId ? (cards.get(r.actorId) ?? null) : null;
  const kind = r.kind as NotificationKind;
  const others = Math.max(0, Number(r.actorCount) - 1);
  return {
    id: r.id,
    kind,
    targetType: r.targetType,
    targetId: r.targetId,
    actor,
    othersCount: others,
    text: notificationText(kind, actor ? actor.displayName || 'User' : null, others, r.targetId),
    read: r.readAt !== null,
    createdAt: isoOf(r.createdAt),
  };
}
