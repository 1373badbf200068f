import type { CatalogueStatus } from '@common/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { hasFields, isString, objectParser } from '../lib/light-parse';

const isStatus = hasFields({ state: isString, commands: Array.isArray });

/** GET /api/catalogue/status: whether the catalogue has titles, and what the first start is doing when it has none. */
const getCatalogueStatus = (signal?: AbortSignal) => api.get('catalogue/status', objectParser<CatalogueStatus>(isStatus), { signal });

/**
 * What the server is doing about an empty catalogue, said where people would otherwise see empty rows: the download
 * from IMDb with its progress, or what to run when it could not be reached. Nothing once the catalogue has titles.
 */
export default function CatalogueNotice() {
  const { data } = useQuery({
    queryKey: ['catalogue', 'status'],
    queryFn: ({ signal }) => getCatalogueStatus(signal),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'importing' || state === 'checking' ? 3000 : false;
    },
    staleTime: 0,
  });
  if (!data || data.state === 'ready') return null;
  const working = data.state === 'importing' || data.state === 'checking';
  const heading =
    data.state === 'importing'
      ? `Importing the catalogue from IMDb: ${data.percent ?? 0}%`
      : data.state === 'checking'
        ? 'Preparing the catalogue'
        : 'The catalogue is empty';
  return (
    <section
      role={working ? 'status' : 'alert'}
      aria-label="Catalogue"
      className="mb-6 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 text-sm sm:p-5"
      data-testid="catalogue-notice"
    >
      <h2 className="text-base font-semibold">{heading}</h2>
      {data.state === 'importing' && (
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-[var(--surface-2)]" aria-hidden="true">
          <div className="h-full rounded-full bg-[var(--accent)] transition-[width] duration-200" style={{ width: `${data.percent ?? 0}%` }} />
        </div>
      )}
      {data.state === 'importing' ? (
        <p className="mt-2 text-[var(--muted)]">Films and series appear here as they arrive. Reelhouse works meanwhile; the first import takes a few minutes.</p>
      ) : (
        data.message && <p className="mt-1 text-[var(--muted)]">{data.message}</p>
      )}
      {data.commands.length > 0 && (
        <>
          <p className="mt-3">To fill it, whoever runs this server can run one of:</p>
          <ul className="mt-2 space-y-1.5">
            {data.commands.map((command) => (
              <li key={command}>
                <code className="block rounded-lg bg-[var(--bg)] px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap">{command}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
