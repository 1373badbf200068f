import type { Community } from '@common/contracts/communities';
import { relativeTime } from '@common/format';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { TrashIcon } from '../../../components/ui/icons';
import { PersonLink } from '../../../components/ui/person-link';
import { Skeleton } from '../../../components/ui/skeleton';
import { Link, useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useAnswerJoinRequest, useDismissReport, useJoinRequests, useMembers, useRemoveMember, useReports, useTransferAdmin } from '../api/admin';
import { useDeleteCommunity, useUpdateCommunity } from '../api/communities';
import { CommunityForm } from './community-form';
import { discussionPath } from './top-discussion-card';

function Panel({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {hint && <p className="mt-0.5 text-sm text-[var(--muted)]">{hint}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const Quiet = ({ children }: { children: ReactNode }) => <p className="rounded-xl bg-[var(--surface-2)]/60 px-4 py-3 text-sm text-[var(--muted)]">{children}</p>;

/** What only the admin sees: join requests, members, reports, and the community's own settings. */
export function AdminTools({ community }: { community: Community }) {
  return (
    <div className="grid gap-5 xl:grid-cols-2">
      {!community.isPublic && <JoinRequests communityId={community.communityId} />}
      <Reports communityId={community.communityId} />
      <ManageMembers community={community} />
      <Settings community={community} />
    </div>
  );
}

function JoinRequests({ communityId }: { communityId: string }) {
  const requests = useJoinRequests(communityId, true);
  const answer = useAnswerJoinRequest(communityId);
  const results = requests.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <Panel id="requests-heading" title="Join requests" hint="People asking to join this private community.">
      {requests.isPending ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-[var(--danger)]">{requests.error.message}</p>
      ) : results.length === 0 ? (
        <Quiet>No one is waiting. New requests appear here.</Quiet>
      ) : (
        <ul className="space-y-2">
          {results.map((r) => (
            <li key={r.userId} aria-label={`Request from ${r.displayName}`} className="flex flex-wrap items-center gap-3 rounded-xl bg-[var(--surface-2)]/60 px-3 py-2">
              <span className="flex min-w-[8rem] flex-1 items-center gap-3">
                <PersonLink person={r} size={32} decorative />
                <span className="min-w-0">
                  <PersonLink person={r} size={0} className="max-w-full" nameClassName="block text-sm font-medium" />
                  <span className="block text-xs text-[var(--muted)]">asked {relativeTime(r.requestedAt)}</span>
                </span>
              </span>
              <span className="flex gap-2">
                <Button size="sm" loading={answer.isPending && answer.variables?.userId === r.userId && answer.variables.approve} onClick={() => answer.mutate({ userId: r.userId, approve: true }, { onSuccess: () => toast(`${r.displayName} is now a member`, 'success') })}>
                  Approve
                </Button>
                <Button variant="secondary" size="sm" onClick={() => answer.mutate({ userId: r.userId, approve: false })}>
                  Reject
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {answer.isError && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{answer.error.message}</p>}
    </Panel>
  );
}

function Reports({ communityId }: { communityId: string }) {
  const reports = useReports(communityId, true);
  const dismiss = useDismissReport(communityId);
  const results = reports.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <Panel id="reports-heading" title="Reports" hint="Discussions and comments members reported to you.">
      {reports.isPending ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : reports.isError ? (
        <p role="alert" className="text-sm text-[var(--danger)]">{reports.error.message}</p>
      ) : results.length === 0 ? (
        <Quiet>Nothing reported. Reports appear here for you to look at.</Quiet>
      ) : (
        <ul className="space-y-2">
          {results.map((r) => (
            <li key={r.reportId} className="rounded-xl bg-[var(--surface-2)]/60 px-3 py-2.5">
              <p className="text-xs text-[var(--muted)]">
                A {r.targetType} reported by {r.reporter?.displayName ?? 'someone'} · {relativeTime(r.createdAt)}
              </p>
              <p className="mt-1 line-clamp-2 text-sm font-medium break-words">{r.excerpt || 'deleted'}</p>
              <p className="mt-1 text-sm break-words">“{r.reason}”</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Link to={discussionPath(r.communityId, r.discussionId)} className="inline-flex h-10 items-center rounded-xl px-3 text-sm font-medium text-[var(--accent)] hover:underline focus-ring sm:h-9">
                  Open the {r.targetType === 'comment' ? 'discussion' : r.targetType}
                </Link>
                <Button variant="ghost" size="sm" loading={dismiss.isPending && dismiss.variables === r.reportId} onClick={() => dismiss.mutate(r.reportId)}>
                  Dismiss
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ManageMembers({ community }: { community: Community }) {
  const members = useMembers(community.communityId);
  const remove = useRemoveMember(community.communityId);
  const transfer = useTransferAdmin(community.communityId);
  const results = (members.data?.pages.flatMap((p) => p.results) ?? []).filter((m) => m.role !== 'admin');
  return (
    <Panel id="manage-members-heading" title="Members" hint="Remove a member, or hand the admin role to one (you stay a member).">
      {members.isPending ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : results.length === 0 ? (
        <Quiet>No members yet besides you.</Quiet>
      ) : (
        <ul className="space-y-2">
          {results.map((m) => (
            <li key={m.userId} aria-label={`Member ${m.displayName}`} className="flex flex-wrap items-center gap-3 rounded-xl bg-[var(--surface-2)]/60 px-3 py-2">
              <PersonLink person={m} size={32} className="min-w-[8rem] flex-1 gap-3" nameClassName="text-sm font-medium" />
              <span className="flex flex-wrap gap-1">
                <ConfirmButton
                  label="Make admin"
                  question={`Hand the admin role to ${m.displayName}?`}
                  confirmLabel="Hand over"
                  busy={transfer.isPending}
                  onConfirm={() => transfer.mutate(m.userId, { onSuccess: () => toast(`${m.displayName} is now the admin`, 'success') })}
                />
                <ConfirmButton
                  label="Remove"
                  question={`Remove ${m.displayName}?`}
                  confirmLabel="Remove"
                  busy={remove.isPending}
                  onConfirm={() => remove.mutate(m.userId, { onSuccess: () => toast(`${m.displayName} was removed`, 'success') })}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      {members.hasNextPage && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => members.fetchNextPage()} loading={members.isFetchingNextPage}>
          More members
        </Button>
      )}
      {(remove.isError || transfer.isError) && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{(remove.error ?? transfer.error)?.message}</p>}
    </Panel>
  );
}

function Settings({ community }: { community: Community }) {
  const update = useUpdateCommunity(community.communityId);
  const remove = useDeleteCommunity(community.communityId);
  const navigate = useNavigate();
  return (
    <Panel id="settings-heading" title="Edit community" hint="Changes show at once on its cards and page.">
      <CommunityForm
        key={`${community.name}-${community.communityImage}-${community.isPublic}`}
        initial={community}
        submitLabel="Save changes"
        busy={update.isPending}
        serverError={update.error}
        onSubmit={(values) => update.mutate(values, { onSuccess: () => toast('Community saved', 'success') })}
      />
      <div className="mt-6 border-t border-[var(--border)] pt-4">
        <h3 className="text-sm font-semibold">Delete this community</h3>
        <p className="mt-0.5 mb-3 text-sm text-[var(--muted)]">Its discussions, comments and members go with it. This cannot be undone.</p>
        <ConfirmButton
          size="md"
          label={
            <>
              <TrashIcon size={16} /> Delete community
            </>
          }
          question={`Delete ${community.name} for good?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/community', { replace: true }) })}
        />
        {remove.isError && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{remove.error.message}</p>}
      </div>
    </Panel>
  );
}
