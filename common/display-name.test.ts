import { describe, expect, it } from 'vitest';
import { capitalizeName, firstName } from './display-name.ts';

describe('capitalizeName', () => {
  it('capitalises every word and keeps the rest as typed', () => {
    expect(capitalizeName('ana de armas')).toBe('Ana De Armas');
    expect(capitalizeName('jean-luc picard')).toBe('Jean-Luc Picard');
    expect(capitalizeName('mcKay')).toBe('McKay');
    expect(capitalizeName('élodie  bouchez ')).toBe('Élodie Bouchez');
    expect(capitalizeName('R2 d2')).toBe('R2 D2');
  });
  it('answers an empty text for no name', () => {
    expect(capitalizeName('')).toBe('');
    expect(capitalizeName(null)).toBe('');
    expect(capitalizeName(undefined)).toBe('');
  });
});

describe('firstName', () => {
  it('answers the first word capitalised', () => {
    expect(firstName('ana de armas')).toBe('Ana');
    expect(firstName('  ben  ')).toBe('Ben');
  });
  it("answers 'User' when there is no name", () => {
    expect(firstName('')).toBe('User');
    expect(firstName('   ')).toBe('User');
    expect(firstName(null)).toBe('User');
    expect(firstName(undefined)).toBe('User');
  });
});
