import { DEFAULT_WATCH_COUNTRY, WatchProvidersSchema } from '@common/contracts/providers';
import type { TitleType } from '@common/contracts/titles';
import { useQuery } from '@tanstack/react-query';
import { MonitorIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { profileQueryOptions } from '../../../lib/profile';
import { Link } from '../../../lib/router';

const regionName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * "Where to watch": the streaming services that carry the title in the reader's country (their profile's country,
 * else the United States), from the catalogue's JustWatch data and TMDB's watch providers.
 */
export function WhereToWatch({ type, id }: { type: TitleType; id: string }) {
  const signedIn = useCurrentUser().user !== null;
  const profile = useQuery({ ...profileQueryOptions('me'), enabled: signedIn });
  const ownCountry = profile.data?.country ?? null;
  const country = ownCountry?.code ?? DEFAULT_WATCH_COUNTRY;
  const ready = !signedIn || profile.isSuccess || profile.isError;
  const providers = useQuery({
    queryKey: ['titles', 'providers', type, id, country],
    queryFn: ({ signal }) => api.get(`movies/${type}/${encodeURIComponent(id)}/providers?country=${country}`, WatchProvidersSchema, { signal }),
    enabled: ready,
    staleTime: 10 * 60_000,
  });
  const place = ownCountry?.name ?? regionName(country);
  return (
    <section aria-labelledby="where-to-watch" className="mt-8">
      <h2 id="where-to-watch" className="text-lg font-semibold tracking-tight">
        Where to watch
      </h2>
      <p className="mt-0.5 text-xs text-[var(--muted)]">
        Streaming in {place}
        {signedIn && !ownCountry && profile.isSuccess && (
          <>
            {' '}
            ·{' '}
            <Link to="/onboarding" className="text-[var(--accent)] hover:underline">
              set your country
            </Link>
          </>
        )}
      </p>
      <div className="mt-3">
        {!providers.data && !providers.isError ? (
          <Skeleton className="h-11 w-64 rounded-xl" />
        ) : providers.isError ? (
          <p className="text-sm text-[var(--muted)]">Where to watch did not load.</p>
        ) : providers.data.providers.length === 0 ? (
          <p className="text-sm text-[var(--muted)]">Not on any streaming service we know of in {place}.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={`Streaming services in ${place}`}>
            {providers.data.providers.map((p) => {
              const body = (
                <>
                  <MonitorIcon size={16} className="text-[var(--accent)]" />
                  {p.name}
                </>
              );
              const cls = 'inline-flex h-11 items-center gap-2 rounded-xl border border-[var(--border)] bg-[var(--surface)] px-4 text-sm font-medium';
              return (
                <li key={p.provider}>
                  {p.url ? (
                    <a href={p.url} target="_blank" rel="noreferrer noopener" className={`${cls} hover:border-[var(--accent)] focus-ring`}>
                      {body}
                    </a>
                  ) : (
                    <span className={cls}>{body}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
