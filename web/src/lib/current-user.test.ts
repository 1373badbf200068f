import { describe, expect, it } from 'vitest';
import { CurrentUserSchema, SessionResponseSchema } from '../../../common/contracts/auth';
import { CurrentUserParser, SessionParser, SignedOutParser } from './current-user';

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
