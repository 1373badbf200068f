/**
 * Release dates for display. Re-exported by format.ts; a module of its own so that
 * bundles of screens that never show a full date (home) do not carry it.
 */

// Made on first use: nothing runs when the module is merely loaded.
let dayFormat: Intl.DateTimeFormat | undefined;
let monthFormat: Intl.DateTimeFormat | undefined;

/**
 * A catalogue release date as people read it, the day it names whatever the reader's time zone:
 * '2027-01-20' -> 'Jan 20, 2027', '2027-01' -> 'Jan 2027', '2027' -> '2027'; missing or unreadable -> ''.
 */
export function formatReleaseDate(releaseDate: string | number | null | undefined): string {
  if (releaseDate === null || releaseDate === undefined) return '';
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(String(releaseDate).trim());
  if (!m) return '';
  const [, year, month, day] = m;
  if (!month) return year;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, day ? Number(day) : 1));
  // Out-of-range parts (2027-13-40) roll over in Date.UTC: refuse them instead.
  if (date.getUTCMonth() !== Number(month) - 1 || (day && date.getUTCDate() !== Number(day))) return '';
  if (day) {
    dayFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    return dayFormat.format(date);
  }
  monthFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(date);
}

/**
 * Whether a title is out, so that it can be rated: its release date (YYYY-MM-DD) is today or earlier, in UTC;
 * without a full date, its start year is this year or earlier; a title with neither is taken as out.
 * The rule the ratings service applies (409 not_released), for screens to explain before anyone presses.
 */
export function isReleased(releaseDate: string | null, startYear: number | null, now = new Date()): boolean {
  const today = now.toISOString().slice(0, 10);
  if (releaseDate && /^\d{4}-\d{2}-\d{2}/.test(releaseDate)) return releaseDate.slice(0, 10) <= today;
  if (startYear !== null) return startYear <= now.getUTCFullYear();
  return true;
}
