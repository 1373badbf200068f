import { describe, expect, it } from 'vitest';
import { maxFor, opensInsteadOfSelecting, toggle } from './selection';

const dune = { id: 'tt1160419', title: 'Dune' };
const alien = { id: 'tt0078748', title: 'Alien' };
const heat = { id: 'tt0113277', title: 'Heat' };

describe('maxFor', () => {
  it('is 50 in the lists variant, whatever the title type', () => {
    expect(maxFor('lists', null)).toBe(50);
    expect(maxFor('lists', 'movie')).toBe(50);
    expect(maxFor('lists', 'tvSeries')).toBe(50);
  });

  it('is 1 when the title type is null, else 5', () => {
    expect(maxFor('default', null)).toBe(1);
    expect(maxFor('home', undefined)).toBe(1);
    expect(maxFor('default', 'movie')).toBe(5);
    expect(maxFor('home', 'tvSeries')).toBe(5);
  });

  it('opens the title page instead of selecting only when the maximum is 1', () => {
    expect(opensInsteadOfSelecting(1)).toBe(true);
    expect(opensInsteadOfSelecting(5)).toBe(false);
    expect(opensInsteadOfSelecting(50)).toBe(false);
  });
});

describe('toggle', () => {
  it('adds an item that is not selected', () => {
    const result = toggle([alien], dune, 5);
    expect(result).toEqual({ next: [alien, dune], message: 'Dune added', kind: 'added' });
  });

  it('removes an item that is selected, matched by id', () => {
    const result = toggle([alien, dune], { id: dune.id, title: 'Dune' }, 5);
    expect(result).toEqual({ next: [alien], message: 'Dune removed', kind: 'removed' });
  });

  it('refuses a new item at the maximum and says how many', () => {
    const selected = [alien, dune];
    const result = toggle(selected, heat, 2);
    expect(result.kind).toBe('full');
    expect(result.message).toBe('Oops! select only 2 options');
    expect(result.next).toEqual(selected);
  });

  it('still removes at the maximum', () => {
    expect(toggle([alien, dune], alien, 2)).toMatchObject({ next: [dune], kind: 'removed' });
  });

  it('never changes the array it was given', () => {
    const selected = [alien];
    toggle(selected, dune, 5);
    toggle(selected, alien, 5);
    expect(selected).toEqual([alien]);
  });

  it('works from an empty selection up to the maximum of 5', () => {
    let selected: { id: string; title: string }[] = [];
    for (let i = 0; i < 5; i += 1) selected = toggle(selected, { id: `t${i}`, title: `T${i}` }, 5).next;
    expect(selected).toHaveLength(5);
    expect(toggle(selected, { id: 't9', title: 'T9' }, 5).message).toBe('Oops! select only 5 options');
  });
});
