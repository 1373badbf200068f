import { describe, expect, it } from 'vitest';
import { countryList, countryOf } from './profiles.presenter.ts';
import { searchTextOf } from './profiles.service.ts';

describe('countries and search text', () => {
  it('lists ISO 3166 codes with English names', () => {
    const list = countryList();
    expect(list.length).toBeGreaterThanOrEqual(195);
    expect(list.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    expect(countryOf('DE')).toEqual({ code: 'DE', name: 'Germany' });
    expect(countryOf('ZZ')).toBeNull();
    expect(countryOf(null)).toBeNull();
  });
  it('keeps the name and username normalised, the username also as one word', () => {
    expect(searchTextOf('Zoë Saldaña', 'zoe_s.fan')).toBe('zoe saldana zoe s fan zoesfan');
    expect(searchTextOf('Ana', null)).toBe('ana');
  });
});
