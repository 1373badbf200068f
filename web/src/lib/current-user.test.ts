import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserSchema, SessionResponseSchema } from '../../../common/contracts/auth';
import { api } from './api-client';
import {
  CurrentUserParser,
  readCurrentUser,
  SessionParser,
  SignedOutParser,
  sessionQueryKey,
  sessionQueryOptions,
  setCurrentUser,
} from './current-user';
import { queryClient } from './query-client';

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null, bio: null, onboarded: false };

const samples: unknown[] = [
  user,
  { ...user, photoURL: 'https://img.example/ada.png', bio: 'Loves noir.', onboarded: true },
  { ...user, extra: 'ignored' },
  { ...user, id: 7 },
  { ...user, email: undefined },
  { ...user, photoURL: undefined },
  { ...user, bio: 3 },
  { ...user, onboarded: 'yes' },
  null,
  'user',
  {},
];

describe('CurrentUserParser', () => {
  it('accepts and rejects exactly what CurrentUserSchema does', () => {
    for (const sample of samples) {
      expect(CurrentUserParser.safeParse(sample).success).toBe(CurrentUserSchema.safeParse(sample).success);
    }
  });
  it('drops unknown fields like the schema', () => {
    const result = CurrentUserParser.safeParse({ ...user, extra: 'ignored' });
    expect(result).toEqual({ success: true, data: CurrentUserSchema.parse({ ...user, extra: 'ignored' }) });
  });
});

describe('SessionParser', () => {
  it('agrees with SessionResponseSchema', () => {
    for (const sample of [...samples.map((u) => ({ user: u })), {}, null, { user: undefined }]) {
      expect(SessionParser.safeParse(sample).success).toBe(SessionResponseSchema.safeParse(sample).success);
    }
  });
});

describe('SignedOutParser', () => {
  it('reads the logout reply', () => {
    expect(SignedOutParser.safeParse({ signedOut: true })).toEqual({ success: true, data: { signedOut: true } });
    expect(SignedOutParser.safeParse({}).success).toBe(false);
  });
});

describe('the session query, the one source of the current user', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  const signedIn = { ...user, displayName: 'Ada Lovelace', onboarded: true };
  const reply = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('is checking until the server answers, then signed in or signed out', () => {
    expect(readCurrentUser({ data: undefined, isPending: true })).toEqual({ user: null, status: 'checking' });
    expect(readCurrentUser({ data: { user: signedIn }, isPending: false })).toEqual({ user: signedIn, status: 'signed-in' });
    expect(readCurrentUser({ data: { user: null }, isPending: false })).toEqual({ user: null, status: 'signed-out' });
    // A failed check (no data) counts as signed out, never as a stale person.
    expect(readCurrentUser({ data: undefined, isPending: false })).toEqual({ user: null, status: 'signed-out' });
  });

  it('reads GET /api/auth/session', async () => {
    const fetch = reply({ data: { user: signedIn } });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    await expect(client.fetchQuery(sessionQueryOptions())).resolves.toEqual({ user: signedIn });
    expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('is replaced by a saved profile', () => {
    const client = new QueryClient();
    setCurrentUser(client, user);
    setCurrentUser(client, signedIn);
    expect(client.getQueryData(sessionQueryKey)).toEqual({ user: signedIn });
  });

  it('is emptied when any call answers 401', async () => {
    setCurrentUser(queryClient, signedIn);
    vi.stubGlobal('fetch', reply({ error: { code: 'unauthorized', message: 'Sign in first.' } }, 401));
    // Any query at all: the query client's error handler decides, not the call.
    await expect(queryClient.fetchQuery({ queryKey: ['lists'], queryFn: () => api.get('lists', SignedOutParser) })).rejects.toMatchObject({ status: 401 });
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: null });
  });
});

