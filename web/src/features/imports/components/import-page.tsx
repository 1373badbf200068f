import type { ImportCandidate, ImportProblemRow, ImportReport } from '@common/contracts/imports';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { posterUrl } from '../../../lib/poster-url';
import { Link, useSearchParams } from '../../../lib/router';
import { useImportReport, useImports, useResolveRow, useStartImport } from '../api/imports';

const SOURCE_NAMES = { letterboxd: 'Letterboxd', imdb: 'IMDb', trakt: 'Trakt' } as const;
const KIND_NAMES = { rating: 'Rating', watchlist: 'Watchlist', list: 'List', diary: 'Diary', watched: 'Watched', like: 'Like' } as const;
const fmt = (n: number) => n.toLocaleString('en');

/** /settings/import: upload an export, follow its progress (it survives a reload), then read and settle its report. */
export function ImportPage() {
  const [params, setParams] = useSearchParams();
  const imports = useImports();
  const chosen = params.get('id');
  // The import in the address, else the latest one: a reload finds the import under way.
  const currentId = chosen ?? imports.data?.results[0]?.id ?? null;
  const report = useImportReport(currentId);

  return (
    <div className="mx-auto max-w-3xl">
      <title>Import your history · Reelhouse</title>
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Import your history</h1>
        <p className="mt-2 text-sm text-[var(--muted)]">
          Bring your ratings, reviews, watchlist and lists from Letterboxd, IMDb or Trakt. Running the same file again adds nothing twice, and a rating
          you changed here later is never overwritten.
        </p>
      </header>
      <UploadForm
        onStarted={(id) => {
          const copy = new URLSearchParams(params);
          copy.set('id', id);
          setParams(copy, { replace: true });
        }}
      />
      {report.data && <ImportStatus report={report.data} />}
      {report.isError && (
        <p role="alert" className="mt-6 text-sm text-[var(--danger)]">
          {isApiError(report.error) ? report.error.message : 'This import did not load.'}
        </p>
      )}
    </div>
  );
}

function UploadForm({ onStarted }: { onStarted: (id: string) => void }) {
  const start = useStartImport();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    start.mutate(file, {
      onSuccess: (job) => {
        onStarted(job.id);
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <form onSubmit={submit} className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:p-5">
      <label htmlFor={fileId} className="block text-sm font-medium">
        Export file
      </label>
      <p className="mt-1 text-xs text-[var(--muted)]">
        The ZIP from Letterboxd (Settings › Data › Export), an IMDb ratings, watchlist or list CSV, or the ZIP of Trakt’s JSON export. Up to 20 MB.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input
          ref={input}
          id={fileId}
          name="file"
          type="file"
          accept=".zip,.csv,.json,application/zip,text/csv,application/json"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            start.reset();
          }}
          className="min-w-0 flex-1 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-[var(--surface-2)] file:px-3 file:py-2 file:text-sm file:text-[var(--text)]"
        />
        <Button type="submit" disabled={!file} loading={start.isPending}>
          Start import
        </Button>
      </div>
      {start.isError && (
        <p role="alert" className="mt-3 break-words text-sm text-[var(--danger)]">
          {isApiError(start.error) ? start.error.message.replace(/^file: /, '') : 'The file could not be sent. Please try again.'}
        </p>
      )}
    </form>
  );
}

function ImportStatus({ report }: { report: ImportReport }) {
  const running = report.status === 'queued' || report.status === 'running';
  const percent = report.total ? Math.round((report.processed / report.total) * 100) : 0;
  return (
    <section aria-labelledby="import-status" className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="import-status" className="text-lg font-semibold">
          {running ? 'Importing…' : report.status === 'failed' ? 'Import stopped' : 'Import finished'}
        </h2>
        <p className="min-w-0 truncate text-xs text-[var(--muted)]">
          {SOURCE_NAMES[report.source]} · {report.fileName}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={report.total}
        aria-valuenow={report.processed}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-[var(--surface-2)]"
      >
        <div className="h-full rounded-full bg-[var(--accent)] transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-[var(--muted)] tabular-nums">
        {fmt(report.processed)} of {fmt(report.total)} rows
      </p>
      {report.error && (
        <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
          {report.error}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label="Imported" value={report.imported} />
        <Count label="Already present" value={report.alreadyPresent} />
        <Count label="Not matched" value={report.notMatched} />
        <Count label="Ambiguous" value={report.ambiguous} />
      </dl>
      {!running && report.status === 'done' && (
        <p className="mt-4 text-sm">
          <Link to="/profile/view" className="font-medium text-[var(--accent)] underline-offset-2 hover:underline">
            See your ratings on your profile
          </Link>
        </p>
      )}
      {report.ambiguousRows.length > 0 && <AmbiguousRows importId={report.id} rows={report.ambiguousRows} />}
      {report.notMatchedRows.length > 0 && (
        <div className="mt-8">
          <h3 className="text-base font-semibold">Not matched</h3>
          <p className="mt-1 text-sm text-[var(--muted)]">These rows found no title in the catalogue (or could not be imported), so nothing was added for them.</p>
          <ul className="mt-3 divide-y divide-[var(--border)] rounded-2xl border border-[var(--border)]">
            {report.notMatchedRows.map((r) => (
              <li key={r.row} className="px-4 py-3 text-sm">
                <span className="font-medium break-words">{r.text}</span>
                <span className="block text-xs text-[var(--muted)]">
                  {KIND_NAMES[r.kind]} · {r.file}, line {r.line}
                  {r.reason ? ` · ${r.reason}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3 py-2.5">
      <dt className="text-xs text-[var(--muted)]">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{fmt(value)}</dd>
    </div>
  );
}

function AmbiguousRows({ importId, rows }: { importId: string; rows: ImportProblemRow[] }) {
  const resolve = useResolveRow(importId);
  return (
    <div className="mt-8">
      <h3 className="text-base font-semibold">Ambiguous: choose the right title</h3>
      <p className="mt-1 text-sm text-[var(--muted)]">Several titles share these names and years. Pick the one you meant and it is imported.</p>
      {resolve.isError && (
        <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
          {isApiError(resolve.error) ? resolve.error.message : 'That choice was not saved. Please try again.'}
        </p>
      )}
      <ul className="mt-3 space-y-3">
        {rows.map((r) => (
          <li key={r.row} className="rounded-2xl border border-[var(--border)] p-4">
            <p className="text-sm font-medium break-words">{r.text}</p>
            <p className="text-xs text-[var(--muted)]">
              {KIND_NAMES[r.kind]} · {r.file}, line {r.line}
            </p>
            <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
              {r.candidates.map((c) => (
                <li key={c.id} className="min-w-0">
                  <Candidate
                    candidate={c}
                    busy={resolve.isPending && resolve.variables?.row === r.row && resolve.variables.titleId === c.id}
                    disabled={resolve.isPending}
                    onChoose={() => resolve.mutate({ row: r.row, titleId: c.id })}
                  />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Candidate({ candidate, busy, disabled, onChoose }: { candidate: ImportCandidate; busy: boolean; disabled: boolean; onChoose: () => void }) {
  const poster = posterUrl(candidate.posterUrl, 92);
  const label = `${candidate.title}${candidate.year ? ` (${candidate.year})` : ''}`;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-[var(--surface-2)] p-2">
      {poster ? (
        <img src={poster} alt="" className="h-14 w-10 shrink-0 rounded object-cover" />
      ) : (
        <div className="h-14 w-10 shrink-0 rounded bg-[var(--surface-3)]" />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words">{label}</p>
        <p className="truncate text-xs text-[var(--muted)]">
          {candidate.type === 'movie' ? 'Movie' : 'TV series'}
          {candidate.originalTitle && candidate.originalTitle !== candidate.title ? ` · ${candidate.originalTitle}` : ''} · {candidate.id}
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={onChoose} loading={busy} disabled={disabled} aria-label={`Choose ${label}, ${candidate.id}`}>
        <CheckIcon size={16} /> Choose
      </Button>
    </div>
  );
}
