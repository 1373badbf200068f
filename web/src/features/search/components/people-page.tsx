import { FollowStateSchema, type PersonResult } from '@common/contracts/people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchIcon, UsersIcon } from '../../../components/ui/icons';
import { PersonLink } from '../../../components/ui/person-link';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { api, isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { peopleKey, peopleSearchOptions } from '../api/search-people';

/** /people?q=: people search's results (typo-tolerant, up to 20), each with a link to the profile and Follow. */
export default function PeoplePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  const people = useQuery(peopleSearchOptions(q));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = typed.trim();
    navigate(next ? `/people?q=${encodeURIComponent(next)}` : '/people');
  };
  return (
    <div className="mx-auto max-w-2xl">
      <title>{q ? `People named “${q}” · Reelhouse` : 'People · Reelhouse'}</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">People</h1>
      <search className="relative mt-4">
        <form onSubmit={submit}>
        <label htmlFor="people-q" className="sr-only">
          Search people by name or username
        </label>
        <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-[var(--muted)]" />
        <input
          id="people-q"
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Name or username"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          className="h-11 w-full rounded-full border border-[var(--border)] bg-[var(--surface)] pr-4 pl-10 text-base text-[var(--text)] hover:border-[var(--muted)] focus-ring sm:text-sm"
        />
        </form>
      </search>
      {!q ? (
        <p className="mt-6 text-sm text-[var(--muted)]">Find people by their name or username; a typo is fine.</p>
      ) : (
        <div className="mt-6">
          <QueryState
            query={people}
            loading={<SkeletonList count={5} label="Looking for people" className="space-y-2" itemClassName="h-16 rounded-2xl" />}
            errorTitle="People search did not load"
            empty={(
              <EmptyState icon={<UsersIcon size={22} />} title={`Nobody named “${q}”`}>
                Check the spelling, or try their username.
              </EmptyState>
            )}
          >
            {(results) => (
              <ul className="divide-y divide-[var(--border)] overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)]" aria-label={`People named ${q}`}>
                {results.map((p) => (
                  <PersonRow key={p.id} person={p} />
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      )}
    </div>
  );
}

function PersonRow({ person }: { person: PersonResult }) {
  const { user } = useCurrentUser();
  const follow = useFollowPerson(user?.id ?? '');
  const toggle = () =>
    follow.mutate(
      { person, follow: !person.following },
      { onError: (error) => toast(isApiError(error) ? error.message : 'Could not change the follow. Please try again.', 'error') },
    );
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <PersonLink person={person} size={44} className="flex-1 gap-3">
        <span className="min-w-0">
          <span className="block truncate font-medium">{person.displayName || 'User'}</span>
          {person.username && <span className="block truncate text-sm text-[var(--muted)]">@{person.username}</span>}
        </span>
      </PersonLink>
      {person.following !== null && user && (
        <Button
          size="sm"
          variant={person.following ? 'secondary' : 'primary'}
          aria-pressed={person.following}
          aria-label={`${person.following ? 'Unfollow' : 'Follow'} ${person.displayName}`}
          loading={follow.isPending}
          onClick={toggle}
          className="min-w-24 shrink-0"
        >
          {person.following ? 'Unfollow' : 'Follow'}
        </Button>
      )}
    </li>
  );
}

/** POST /api/user/follow or /unfollow as the reader; the search answers are updated in place. */
export function useFollowPerson(meId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ person, follow }: { person: PersonResult; follow: boolean }) =>
      api.post(follow ? 'user/follow' : 'user/unfollow', { fromId: meId, toId: person.id }, FollowStateSchema),
    onSuccess: (state) => {
      client.setQueriesData<PersonResult[]>({ queryKey: peopleKey }, (old) => old?.map((p) => (p.id === state.toId ? { ...p, following: state.following } : p)));
      void client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
