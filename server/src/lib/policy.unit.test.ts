import { describe, expect, it } from 'vitest';
import { authorize, refusalError } from './policy.ts';

const thrown = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    const e = err as { statusCode: number; code: string; message: string };
    return { status: e.statusCode, code: e.code, message: e.message };
  }
  return null;
};

describe('authorize', () => {
  it('lets an allowed action through, for anyone', () => {
    expect(thrown(() => authorize({ id: 'a' }, true, { message: 'No.' }))).toBeNull();
    expect(thrown(() => authorize(null, true, { message: 'No.' }))).toBeNull();
  });

  it('asks nobody signed in to sign in (401), whatever the refusal', () => {
    expect(thrown(() => authorize(null, false, { status: 404, message: 'Not there.' }))).toEqual({
      status: 401,
      code: 'unauthorized',
      message: 'You need to sign in first.',
    });
  });

  it('refuses a signed-in person with 403 `forbidden` unless told otherwise', () => {
    expect(thrown(() => authorize({ id: 'a' }, false, { message: 'Only the author may edit a discussion.' }))).toEqual({
      status: 403,
      code: 'forbidden',
      message: 'Only the author may edit a discussion.',
    });
    expect(thrown(() => authorize({ id: 'a' }, false, { code: 'own_content', message: 'You cannot report your own discussion.' }))?.code).toBe('own_content');
    expect(thrown(() => authorize({ id: 'a' }, false, { status: 409, code: 'badge_not_owned', message: 'Buy it first.' }))?.status).toBe(409);
    expect(refusalError({ status: 404, message: 'There is no list with that id.' })).toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});
