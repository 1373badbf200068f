/**
 * Selection in the search box (spec 4 and 5): a pure rule, no imports.
 * The lists variant takes up to 50 titles; without a title type only one
 * (and a click then opens the title page instead); otherwise up to 5.
 */

export type SearchBoxVariant = 'home' | 'lists' | 'default';

export interface Selectable {
  id: string;
  title: string;
}

export type ToggleKind = 'added' | 'removed' | 'full';

export interface ToggleResult<T extends Selectable> {
  /** The selection after the click (the same array when nothing changed). */
  next: T[];
  /** What the person is told: '{title} added', '{title} removed' or 'Oops! select only {max} options'. */
  message: string;
  kind: ToggleKind;
}

export const LISTS_MAX = 50;
export const UNTYPED_MAX = 1;
export const TYPED_MAX = 5;

/** 50 in the lists variant; 1 when the title type is null; 5 otherwise. */
export function maxFor(variant: SearchBoxVariant, titleType: string | null | undefined): number {
  if (variant === 'lists') return LISTS_MAX;
  if (titleType === null || titleType === undefined) return UNTYPED_MAX;
  return TYPED_MAX;
}

/** When the maximum is 1 a click opens the title page instead of selecting. */
export const opensInsteadOfSelecting = (max: number): boolean => max <= 1;

export function overMaxMessage(max: number): string {
  return `Oops! select only ${max} options`;
}

/** Adds the item, or removes it when already selected; refuses to go past `max`. */
export function toggle<T extends Selectable>(selected: readonly T[], item: T, max: number): ToggleResult<T> {
  if (selected.some((s) => s.id === item.id)) {
    return { next: selected.filter((s) => s.id !== item.id), message: `${item.title} removed`, kind: 'removed' };
  }
  if (selected.length >= max) {
    return { next: [...selected], message: overMaxMessage(max), kind: 'full' };
  }
  return { next: [...selected, item], message: `${item.title} added`, kind: 'added' };
}
