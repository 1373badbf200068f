import { describe, expect, it } from 'vitest';
import { GENERIC_SIGN_IN_ERROR, KNOWN_SIGN_IN_ERROR_CODES, LINK_EXPIRED_MESSAGE, signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it('is null when there is no code', () => {
    expect(signInErrorMessage(null)).toBeNull();
    expect(signInErrorMessage(undefined)).toBeNull();
  });

  it("explains an e-mail link that is invalid, expired or used (better-auth's INVALID_TOKEN)", () => {
    expect(signInErrorMessage('INVALID_TOKEN')).toBe(
      'That sign-in link has expired or was already used. Enter your e-mail to get a new one.',
    );
    expect(signInErrorMessage('invalid_token')).toBe(LINK_EXPIRED_MESSAGE);
    expect(signInErrorMessage(' Invalid-Token ')).toBe(LINK_EXPIRED_MESSAGE);
  });

  it('gives every code the README names for a provider sign-in its own message, except the catch-all', () => {
    const specific = [
      'state_not_found',
      'state_mismatch',
      'invalid_code',
      'unable_to_get_user_info',
      'access_denied',
      'provider_unavailable',
      'account_not_linked',
      'email_not_verified',
    ];
    for (const code of specific) {
      expect(signInErrorMessage(code), code).not.toBe(GENERIC_SIGN_IN_ERROR);
      expect(KNOWN_SIGN_IN_ERROR_CODES).toContain(code);
    }
    expect(signInErrorMessage('sign_in_failed')).toBe(GENERIC_SIGN_IN_ERROR);
  });

  it('says what happened and what to do next for the provider codes', () => {
    expect(signInErrorMessage('access_denied')).toMatch(/cancelled/);
    expect(signInErrorMessage('provider_unavailable')).toMatch(/couldn't reach your sign-in provider/);
    expect(signInErrorMessage('temporarily_unavailable')).toBe(signInErrorMessage('provider_unavailable'));
    expect(signInErrorMessage('state_mismatch')).toMatch(/another browser/);
    expect(signInErrorMessage('state_not_found')).toBe(signInErrorMessage('state_mismatch'));
    expect(signInErrorMessage('email_not_verified')).toMatch(/hasn't verified your e-mail address/);
    expect(signInErrorMessage('account_not_linked')).toMatch(/already has a Reelhouse account/);
    expect(signInErrorMessage('email_not_found')).toMatch(/didn't share an e-mail address/);
    expect(signInErrorMessage('login_required')).toMatch(/sign in or give consent/);
    // better-auth turns its own sentences into codes by replacing spaces with underscores.
    expect(signInErrorMessage('account not linked')).toBe(signInErrorMessage('account_not_linked'));
  });

  it('falls back to the generic sentence for server-side failures, empty and unknown codes', () => {
    for (const code of ['failed_to_create_session', 'unable_to_create_user', 'internal_server_error', 'UNKNOWN', '', 'something_new']) {
      expect(signInErrorMessage(code), code).toBe(GENERIC_SIGN_IN_ERROR);
    }
  });

  it('never echoes the code, whatever it contains', () => {
    for (const code of ['<img src=x onerror=alert(1)>', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const message = signInErrorMessage(code);
      expect(message, code).toBe(GENERIC_SIGN_IN_ERROR);
    }
  });

  it('keeps every message short: one or two sentences a fan reads at a glance', () => {
    for (const code of KNOWN_SIGN_IN_ERROR_CODES) {
      const message = signInErrorMessage(code) ?? '';
      expect(message.length, code).toBeLessThanOrEqual(160);
      expect(message).toMatch(/[.]$/);
      expect(message).not.toMatch(/_/);
    }
  });
});
