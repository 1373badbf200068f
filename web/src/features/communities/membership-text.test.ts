import { describe, expect, it } from 'vitest';
import { PENDING_MESSAGE as CONTRACT_MESSAGE } from '../../../../common/contracts/communities';
import { membershipLabels, PENDING_MESSAGE } from './membership-text';

describe('membership texts', () => {
  it('says what the contract and spec 8 say while a request is pending', () => {
    expect(PENDING_MESSAGE).toBe(CONTRACT_MESSAGE);
    expect(PENDING_MESSAGE).toBe('Your request is pending for approval!');
  });
  it('labels the button Admin, Pending, Joined or Join (spec 2 and 4)', () => {
    expect(Object.values(membershipLabels)).toEqual(['Admin', 'Pending', 'Joined', 'Join']);
  });
});
