import { API_TOKEN_NAME_MAX, type CreatedApiToken, DELETE_CONFIRMATION } from '@common/contracts/account';
import { type FormEvent, useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { EXPORT_URL, useCloseAccount, useCreateToken, useRevokeToken, useTokens } from '../api/account';

const section = 'rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:p-5';
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' }) : 'never');
const messageOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** /settings/account: take everything out, tokens for scripts, close the account. */
export function AccountPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>Your data and account · Reelhouse</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your data and account</h1>
      </header>
      <ExportSection />
      <TokensSection />
      <CloseSection />
    </div>
  );
}

function ExportSection() {
  return (
    <section className={section} aria-labelledby="export-heading">
      <h2 id="export-heading" className="text-lg font-semibold">
        Export your data
      </h2>
      <p className="mt-1 text-sm text-[var(--muted)]">
        A ZIP of everything you made: profile, ratings and reviews, watchlist, lists, discussions, comments, follows and gems, as JSON and CSV. Its
        letterboxd folder holds your ratings and watchlist in Letterboxd’s own format.
      </p>
      <a href={EXPORT_URL} download className={buttonClasses('secondary', 'md', 'mt-3')}>
        Download export
      </a>
    </section>
  );
}

function TokensSection() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState('');
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const nameId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setMade(token);
        setName('');
      },
      onError: (error) => toast(messageOf(error, 'The token was not made. Please try again.'), 'error'),
    });
  };
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.token);
      toast('Token copied', 'success');
    } catch {
      toast('Copy it by hand: the browser would not let us.', 'error');
    }
  };
  return (
    <section className={section} aria-labelledby="tokens-heading">
      <h2 id="tokens-heading" className="text-lg font-semibold">
        Access tokens
      </h2>
      <p className="mt-1 text-sm text-[var(--muted)]">
        For scripts that use the API: send a token as <code>Authorization: Bearer rh_…</code>. A token acts as you, so keep it secret; revoke it here
        when it is no longer needed.
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <label htmlFor={nameId} className="flex-1 text-sm font-medium">
          Token name
          <input
            id={nameId}
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder="My rating script"
            className="mt-1 block w-full rounded-lg border border-[var(--border)] bg-transparent px-3 py-2 text-sm"
          />
        </label>
        <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
          Create token
        </Button>
      </form>
      {made && (
        <div role="status" className="mt-3 rounded-xl border border-[var(--accent)] p-3 text-sm">
          <p className="font-medium">Your new token “{made.name}”. Copy it now: it is not shown again.</p>
          <div className="mt-2 flex items-center gap-2">
            <code data-testid="new-token" className="flex-1 overflow-x-auto rounded bg-[var(--surface-2,transparent)] px-2 py-1">
              {made.token}
            </code>
            <Button variant="secondary" size="sm" onClick={copy}>
              Copy
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setMade(null)}>
              Done
            </Button>
          </div>
        </div>
      )}
      {tokens.isError && (
        <p role="alert" className="mt-3 text-sm text-[var(--danger)]">
          {messageOf(tokens.error, 'Your tokens did not load.')}
        </p>
      )}
      {tokens.data && tokens.data.results.length === 0 && <p className="mt-3 text-sm text-[var(--muted)]">No tokens yet.</p>}
      {tokens.data && tokens.data.results.length > 0 && (
        <ul className="mt-3 divide-y divide-[var(--border)]">
          {tokens.data.results.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium">{t.name}</span>
                <span className="block text-xs text-[var(--muted)]">
                  Made {when(t.createdAt)} · last used {when(t.lastUsedAt)}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                loading={revoke.isPending && revoke.variables === t.id}
                onClick={() => revoke.mutate(t.id, { onError: (error) => toast(messageOf(error, 'The token was not revoked.'), 'error') })}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CloseSection() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const close = useCloseAccount();
  const confirmId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed !== DELETE_CONFIRMATION) return;
    close.mutate(undefined, { onError: (error) => toast(messageOf(error, 'Your account was not closed. Please try again.'), 'error') });
  };
  return (
    <section className={section} aria-labelledby="close-heading">
      <h2 id="close-heading" className="text-lg font-semibold">
        Delete account
      </h2>
      <p className="mt-1 text-sm text-[var(--muted)]">
        Your profile, ratings, reviews, watchlist, lists, follows and messages are removed and you are signed out everywhere. What you wrote in
        communities stays, shown as Anonymous. Export your data first if you want to keep it.
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {open && (
        <Dialog label="Delete your account" onClose={() => setOpen(false)}>
          <form onSubmit={submit} className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold">Delete your account?</h3>
            <p className="text-sm text-[var(--muted)]">This cannot be undone. Type {DELETE_CONFIRMATION} to confirm.</p>
            <label htmlFor={confirmId} className="text-sm font-medium">
              Confirmation
              <input
                id={confirmId}
                data-autofocus
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                className="mt-1 block w-full rounded-lg border border-[var(--border)] bg-transparent px-3 py-2 text-sm"
              />
            </label>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={typed !== DELETE_CONFIRMATION} loading={close.isPending}>
                Delete my account
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}
