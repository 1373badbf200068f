import { describe, expect, it } from 'vitest';
import { Doorkeeper } from './doorkeeper.ts';

describe('Doorkeeper', () => {
  it('says a key was seen only from its second time on', () => {
    const door = new Doorkeeper(1000);
    expect(door.seenBefore('tt0068646')).toBe(false);
    expect(door.seenBefore('tt0068646')).toBe(true);
    expect(door.seenBefore('tt0068646')).toBe(true);
    expect(door.seenBefore('tt0071562')).toBe(false);
  });

  it('rarely mistakes a new key for a seen one while within its capacity', () => {
    let wrong = 0;
    // Within capacity (a reset would make every answer "not seen").
    const fresh = new Doorkeeper(20_000);
    for (let i = 0; i < 10_000; i++) fresh.seenBefore(`seen-${i}`);
    for (let i = 0; i < 5_000; i++) if (fresh.seenBefore(`new-${i}`)) wrong++;
    // Eight bits per key, two set per key: about 1-6 % false positives.
    expect(wrong / 5_000).toBeLessThan(0.07);
    for (let i = 0; i < 10_000; i++) expect(fresh.seenBefore(`seen-${i}`)).toBe(true);
  });

  it('forgets everything after capacity new keys', () => {
    const door = new Doorkeeper(100);
    door.seenBefore('old');
    for (let i = 0; i < 100; i++) door.seenBefore(`other-${i}`);
    expect(door.seenBefore('old')).toBe(false);
    door.reset();
    expect(door.seenBefore('other-5')).toBe(false);
  });
});
