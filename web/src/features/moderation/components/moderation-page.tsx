import type { ReportSchema, ReportTargetType } from '@common/contracts/people';
import { relativeTime } from '@common/format';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckIcon, EyeIcon } from '../../../components/ui/icons';
import { NextPageError } from '../../../components/ui/next-page-error';
import { QueryState } from '../../../components/ui/query-state';
import { Segmented } from '../../../components/ui/segmented';
import { SkeletonList } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useIsModerator } from '../../../lib/moderator';
import { Link, useSearchParams } from '../../../lib/router';
import { type ReportStatus, useReports, useResolveReport, useSetHidden, useSetSuspended } from '../api/moderation';

type Report = z.infer<typeof ReportSchema>;

const KIND_NAMES: Record<ReportTargetType, string> = {
  person: 'Person',
  review: 'Review',
  list: 'List',
  discussion: 'Discussion',
  comment: 'Comment',
  message: 'Message',
};

const statuses: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** Where a report's target is shown (a message has no page of its own). */
export function targetPath(type: ReportTargetType, id: string): string | null {
  const key = encodeURIComponent(id);
  switch (type) {
    case 'person':
      return `/profile/${key}`;
    case 'review':
      return `/go/review/${key}`;
    case 'list':
      return `/lists/${key}/view`;
    case 'discussion':
      return `/go/discussion/${key}`;
    case 'comment':
      return `/go/comment/${key}`;
    case 'message':
      return null;
  }
}

/** /moderation: the report queue for moderators; hide or show the content, suspend or restore its owner, resolve. */
export function ModerationPage() {
  const moderator = useIsModerator();
  return (
    <div className="mx-auto max-w-3xl">
      <title>Moderation · Reelhouse</title>
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Moderation</h1>
        <p className="mt-2 text-sm text-[var(--muted)]">Reports from the community, newest first. Hide what breaks the rules, suspend repeat offenders, then resolve the report.</p>
      </header>
      {moderator.data === false ? (
        <EmptyState icon={<EyeIcon />} title="Moderators only">
          This page is for Reelhouse's moderators.
        </EmptyState>
      ) : (
        <Queue />
      )}
    </div>
  );
}

function Queue() {
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const reports = useReports(status);
  const results = reports.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <section aria-label="Reports">
      <div className="mb-4 flex items-center justify-between gap-3">
        <Segmented
          value={status}
          options={statuses}
          onChange={(next) => setParams(next === 'open' ? {} : { status: next }, { replace: true })}
          label="Which reports"
        />
      </div>
      <QueryState
        query={reports}
        loading={<SkeletonList label="Loading reports" itemClassName="h-36 w-full rounded-2xl" />}
        errorTitle="The reports did not load"
        errorVariant="box"
        empty={
          <EmptyState icon={<CheckIcon />} title={status === 'open' ? 'Nothing to review' : 'No resolved reports yet'}>
            {status === 'open' ? 'Every report has been handled. New ones show up here.' : 'Reports you resolve are kept here.'}
          </EmptyState>
        }
        isEmpty={() => results.length === 0}
      >
        {() => (
          <>
            <ul className="space-y-3">
              {results.map((r) => (
                <li key={r.id}>
                  <ReportCard report={r} />
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-col items-center gap-2">
              {reports.hasNextPage && (
                <Button variant="secondary" onClick={() => reports.fetchNextPage()} loading={reports.isFetchingNextPage}>
                  Load more reports
                </Button>
              )}
              <NextPageError query={reports} title="More reports did not load" />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

function Badge({ children, tone }: { children: string; tone: 'danger' | 'muted' | 'ok' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'danger' && 'bg-[var(--danger)]/15 text-[var(--danger)]',
        tone === 'muted' && 'bg-[var(--surface-2)] text-[var(--muted)]',
        tone === 'ok' && 'bg-[var(--accent)]/15 text-[var(--accent)]',
      )}
    >
      {children}
    </span>
  );
}

function ReportCard({ report }: { report: Report }) {
  const hide = useSetHidden();
  const suspend = useSetSuspended();
  const resolve = useResolveReport();
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState('');
  const kind = KIND_NAMES[report.targetType];
  const path = targetPath(report.targetType, report.targetId);
  const owner = report.targetOwner;
  const error = hide.error ?? suspend.error ?? resolve.error;
  const submitResolve = (e: FormEvent) => {
    e.preventDefault();
    resolve.mutate({ id: report.id, resolution: note.trim() || undefined });
  };

  return (
    <article aria-label={`Report of a ${kind.toLowerCase()}`} className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4" data-testid="report">
      <header className="flex flex-wrap items-center gap-2">
        <Badge tone="muted">{kind}</Badge>
        {report.targetHidden && <Badge tone="danger">Hidden</Badge>}
        {report.ownerSuspended && <Badge tone="danger">Suspended</Badge>}
        {report.status === 'resolved' && <Badge tone="ok">Resolved</Badge>}
        <span className="ml-auto text-xs text-[var(--muted)]">
          <time dateTime={report.createdAt}>{relativeTime(report.createdAt)}</time>
        </span>
      </header>

      <div className="mt-3 flex min-w-0 items-center gap-2 text-sm">
        {owner ? (
          <>
            <Avatar name={owner.displayName} photoURL={owner.imageUrl} size={28} />
            <span className="min-w-0 truncate">
              {report.targetType === 'person' ? '' : 'By '}
              <Link to={`/profile/${encodeURIComponent(owner.username ?? owner.id)}`} className="font-semibold hover:underline focus-ring rounded">
                {owner.displayName}
              </Link>
            </span>
          </>
        ) : (
          <span className="text-[var(--muted)]">{report.targetType === 'person' ? 'This account is gone' : 'The content is gone'}</span>
        )}
        {/* Hidden content is gone for a moderator too (the visibility rule): no link to a page that would say so. */}
        {path && owner && !report.targetHidden && (
          <Link to={path} className="ml-auto shrink-0 rounded text-sm font-medium text-[var(--accent)] hover:underline focus-ring">
            Open the {kind.toLowerCase()}
          </Link>
        )}
      </div>

      <blockquote className="mt-3 rounded-xl bg-[var(--surface-2)] px-3 py-2 text-sm whitespace-pre-line break-words">{report.reason}</blockquote>
      <p className="mt-2 text-xs text-[var(--muted)]">
        Reported by {report.reporter?.displayName ?? 'someone who left'}
        {report.resolution && <> · Resolution: {report.resolution}</>}
      </p>

      <footer className="mt-3 flex flex-wrap items-center gap-2">
        {report.targetType !== 'person' && owner && (
          <Button
            variant="secondary"
            size="sm"
            loading={hide.isPending}
            onClick={() => hide.mutate({ targetType: report.targetType as Exclude<ReportTargetType, 'person'>, targetId: report.targetId, hidden: !report.targetHidden })}
          >
            {report.targetHidden ? 'Unhide' : 'Hide'}
          </Button>
        )}
        {owner &&
          (report.ownerSuspended ? (
            <Button variant="secondary" size="sm" loading={suspend.isPending} onClick={() => suspend.mutate({ userId: owner.id, suspended: false })}>
              Restore {owner.displayName}
            </Button>
          ) : (
            <ConfirmButton
              label={`Suspend ${owner.displayName}`}
              confirmLabel="Suspend"
              question={`Suspend ${owner.displayName}? They are signed out and their content leaves until restored.`}
              busy={suspend.isPending}
              onConfirm={() => suspend.mutate({ userId: owner.id, suspended: true })}
            />
          ))}
        {report.status === 'open' &&
          (resolving ? (
            <form onSubmit={submitResolve} className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
              <label className="sr-only" htmlFor={`note-${report.id}`}>
                Resolution note (optional)
              </label>
              <input
                id={`note-${report.id}`}
                value={note}
                maxLength={500}
                onChange={(e) => setNote(e.target.value)}
                placeholder="Note (optional)"
                className="h-10 min-w-0 flex-1 rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3 text-sm focus-ring sm:h-9 sm:w-48"
              />
              <Button type="submit" size="sm" loading={resolve.isPending}>
                Resolve
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setResolving(false)}>
                Cancel
              </Button>
            </form>
          ) : (
            <Button size="sm" className="sm:ml-auto" onClick={() => setResolving(true)}>
              <CheckIcon size={16} /> Resolve
            </Button>
          ))}
      </footer>
      {error && (
        <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
          {error.message}
        </p>
      )}
    </article>
  );
}
