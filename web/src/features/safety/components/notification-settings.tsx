import { type NotificationKind, NotificationPreferencesSchema } from '@common/contracts/people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { api } from '../../../lib/api-client';
import { Panel } from './panel';

const key = ['notifications', 'preferences'] as const;

/** What each kind of notification is, as a person reads it. */
const KIND_LABELS: Record<NotificationKind, string> = {
  follow: 'Someone follows you',
  review_like: 'Someone likes your review',
  discussion_like: 'Someone likes your discussion',
  comment_like: 'Someone likes your comment',
  discussion_reply: 'Someone comments on your discussion',
  comment_reply: 'Someone replies to your comment',
  join_request: 'Someone asks to join a community you run',
  request_approved: 'Your request to join a community is approved',
  level_reached: 'You reach a new level',
};

/** GET and PUT /api/notifications/preferences: a switch per kind, saved as it changes. */
export function NotificationSettings() {
  const client = useQueryClient();
  const prefs = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get('notifications/preferences', NotificationPreferencesSchema, { signal }) });
  const save = useMutation({
    mutationFn: (change: { kind: NotificationKind; enabled: boolean }) => api.put('notifications/preferences', { kinds: [change] }, NotificationPreferencesSchema),
    onMutate: (change) => {
      const before = client.getQueryData(key);
      client.setQueryData(key, (data: typeof prefs.data) => data && { kinds: data.kinds.map((k) => (k.kind === change.kind ? change : k)) });
      return { before };
    },
    onError: (_e, _change, context) => client.setQueryData(key, context?.before),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  return (
    <Panel title="Notifications" description="Choose what the bell tells you about. Turning a kind off stops new ones; those already there stay.">
      <QueryState query={prefs} loading={<SkeletonList count={3} label="Loading" itemClassName="h-10 w-full rounded-xl" />} errorTitle="Your notification settings did not load" errorVariant="inline">
        {(data) => (
          <fieldset>
            <legend className="sr-only">Tell me when</legend>
            <ul className="divide-y divide-[var(--border)]">
              {data.kinds.map((k) => (
                <li key={k.kind}>
                  <label className="flex min-h-12 cursor-pointer items-center justify-between gap-3 py-2 text-sm">
                    <span>{KIND_LABELS[k.kind]}</span>
                    <input
                      type="checkbox"
                      role="switch"
                      aria-checked={k.enabled}
                      checked={k.enabled}
                      onChange={(e) => save.mutate({ kind: k.kind, enabled: e.target.checked })}
                      className="h-5 w-9 shrink-0 cursor-pointer accent-[var(--accent)] focus-ring"
                    />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </QueryState>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
          {save.error.message}
        </p>
      )}
    </Panel>
  );
}
