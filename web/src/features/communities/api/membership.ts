import type { Community, MembershipChange, MembershipState } from '@common/contracts/communities';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hasFields, isNumber, isString, objectParser } from '../../../lib/light-parse';
import { communityKeys } from './keys';

/*
 * The membership button sits on the home page's community cards: this module loads on its first press (the first
 * download of /home stays small), and the reply is checked without zod; the server validates it against
 * MembershipChangeSchema.
 */
const isMembershipChange = hasFields({ communityId: isString, membership: isString, message: isString, memberCount: isNumber });
const MembershipChangeParser = objectParser<MembershipChange>(isMembershipChange);

/** Spec 4: POST communities/join-community/{communityId} `{ userId }` joins (public) or asks to join (private). */
export const joinCommunity = (communityId: string, userId: string) =>
  api.post(`communities/join-community/${encodeURIComponent(communityId)}`, { userId }, MembershipChangeParser);

/** Spec 4: DELETE communities/join-community/{communityId} leaves. */
export const leaveCommunity = (communityId: string) => api.delete(`communities/join-community/${encodeURIComponent(communityId)}`, MembershipChangeParser);

type Patch = { membership: MembershipState; memberCount: number };

function patchCommunity<T extends Community>(community: T, communityId: string, patch: Patch, userId: string): T {
  if (community.communityId !== communityId) return community;
  const members = community.members.filter((id) => id !== userId);
  const joinRequests = community.joinRequests.filter((id) => id !== userId);
  return {
    ...community,
    membership: patch.membership,
    memberCount: patch.memberCount,
    members: patch.membership === 'member' ? [...members, userId] : members,
    joinRequests: patch.membership === 'pending' ? [...joinRequests, userId] : joinRequests,
  };
}

/** Writes a membership change into every cached community: cards, lists, the community page. */
export function writeMembership(client: QueryClient, communityId: string, patch: Patch, userId: string) {
  client.setQueriesData({ queryKey: communityKeys.all }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    if (Array.isArray(data)) {
      return data.map((item) => (item && typeof item === 'object' && 'membership' in item ? patchCommunity(item as Community, communityId, patch, userId) : item));
    }
    const record = data as Record<string, unknown>;
    if ('membership' in record && 'communityId' in record) return patchCommunity(record as unknown as Community, communityId, patch, userId);
    if (Array.isArray(record.pages)) {
      return {
        ...record,
        pages: record.pages.map((page: { results?: unknown[] }) =>
          page && Array.isArray(page.results) && page.results.every((r) => r && typeof r === 'object' && 'membership' in r)
            ? { ...page, results: page.results.map((c) => patchCommunity(c as Community, communityId, patch, userId)) }
            : page,
        ),
      };
    }
    return data;
  });
}

/**
 * Join or leave, then write the change into every cached community. Spec 8: a failure is only logged, never shown
 * (the answer is then null); the answer's `message` is the success toast (shown by the caller, which knows the toast area).
 */
export async function changeMembership(
  client: QueryClient,
  { communityId, userId, join }: { communityId: string; userId: string; join: boolean },
): Promise<MembershipChange | null> {
  try {
    const change = await (join ? joinCommunity(communityId, userId) : leaveCommunity(communityId));
    writeMembership(client, change.communityId, { membership: change.membership as MembershipState, memberCount: change.memberCount }, userId);
    // What the reader may see in the community (its discussions, members) changes with membership.
    void client.invalidateQueries({ queryKey: communityKeys.discussionLists() });
    void client.invalidateQueries({ queryKey: communityKeys.members(change.communityId) });
    void client.invalidateQueries({ queryKey: communityKeys.lists() });
    return change;
  } catch (error) {
    console.error('Joining or leaving the community failed', error);
    return null;
  }
}
