import { useQuery } from '@tanstack/react-query';
import { PersonLink } from '../../../components/ui/person-link';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { Link } from '../../../lib/router';
import { peopleSearchOptions } from '../api/search-people';

export const GROUP_MAX = 5;

/** The People group under the titles of the top search box: up to 5 people matching what is typed, and a link to all. */
export default function PeopleGroup({ query, onDone }: { query: string; onDone: () => void }) {
  const keyword = useDebouncedValue(query.trim(), 250);
  const people = useQuery(peopleSearchOptions(keyword.length >= 2 ? keyword : ''));
  const shown = (people.data ?? []).slice(0, GROUP_MAX);
  if (keyword.length < 2 || shown.length === 0) return null;
  return (
    <section aria-labelledby="search-people-heading" className="border-t border-[var(--border)] py-1.5" data-testid="search-people">
      <h2 id="search-people-heading" className="px-4 pt-1.5 pb-1 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">
        People
      </h2>
      <ul>
        {shown.map((p) => (
          <li key={p.id} className="mx-1.5">
            <PersonLink person={p} size={32} onClick={onDone} className="flex min-h-11 w-full gap-3 rounded-xl px-2.5 py-1.5 text-sm hover:bg-[var(--surface-2)] hover:no-underline">
              <span className="min-w-0">
                <span className="block truncate font-medium text-[var(--text)]">{p.displayName || 'User'}</span>
                {p.username && <span className="block truncate text-xs text-[var(--muted)]">@{p.username}</span>}
              </span>
            </PersonLink>
          </li>
        ))}
      </ul>
      <Link to={`/people?q=${encodeURIComponent(keyword)}`} onClick={onDone} className="mx-1.5 block rounded-xl px-2.5 py-2 text-sm font-medium text-[var(--accent)] hover:bg-[var(--surface-2)] focus-ring">
        All people named “{keyword}”
      </Link>
    </section>
  );
}
