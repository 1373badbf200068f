/** Edit distances between words (optimal string alignment), for typos. */

/** The table's three last rows, reused by every comparison (words are at most 63 characters). */
const ED_ROWS = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distances from `a` to the prefixes of `b` up to `lb` characters: the
 * table's last row (row[j] = distance to b's first j characters), or null once every entry of a row
 * exceeds max. Words are at most 63 characters.
 */
function alignmentRow(a: string, la: number, b: string, lb: number, max: number): Int32Array | null {
  let prev2 = ED_ROWS[0];
  let prev = ED_ROWS[1];
  let cur = ED_ROWS[2];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1] + (ca === cb ? 0 : 1);
      if (prev[j] + 1 < v) v = prev[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && prev2[j - 2] + 1 < v) v = prev2[j - 2] + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return null;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev;
}

/** Optimal string alignment distance by the table (any length up to 63), giving up (returning max + 1) beyond max. */
export function editDistanceByTable(a: string, b: string, max: number): number {
  const la = Math.min(a.length, 63);
  const lb = Math.min(b.length, 63);
  if (Math.abs(la - lb) > max) return max + 1;
  return Math.min(alignmentRow(a, la, b, lb, max)?.[lb] ?? max + 1, max + 1);
}

/**
 * The smallest distance between a word and any prefix of `b` from `a.length - max` to `a.length + max`
 * characters long (a word still being typed), by the table: one table instead of one per prefix length.
 */
export function prefixEditDistanceByTable(a: string, b: string, max: number): number {
  const la = Math.min(a.length, 63);
  const lb = Math.min(b.length, la + max, 63);
  const from = Math.max(1, la - max);
  if (lb < from) return max + 1;
  const row = alignmentRow(a, la, b, lb, max);
  if (!row) return max + 1;
  let best = max + 1;
  for (let j = from; j <= lb; j++) if (row[j] < best) best = row[j];
  return best;
}

/** Per character code: the positions of the word being compared where it occurs (one bit each). */
const PATTERN_BITS = new Int32Array(65536);
/** Words up to this long are compared bit-parallel (one 32-bit vector per column); longer ones by the table. */
export const BIT_WORD_MAX = 31;

/**
 * Optimal string alignment distances from a word `a` of `m` characters (at most 31), whose positions are set in
 * PATTERN_BITS (setPattern), to the prefixes of `b`: the code units b[from, from + lb). One column of the table per
 * character of `b`, all of a's rows at once in the bits of a few integers (Myers' bit-vector algorithm with
 * Hyyro's extension for transpositions). Leaves in COLUMN_SCORES[j] the distance to b's first j characters,
 * for j from 1 to `lb` (at most 63).
 */
const COLUMN_SCORES = new Int32Array(64);
function alignmentColumns(m: number, b: Uint8Array | Uint16Array, from: number, lb: number): void {
  const top = 1 << (m - 1);
  let vp = -1;
  let vn = 0;
  let d0 = 0;
  let prevMatch = 0;
  let score = m;
  for (let j = 0; j < lb; j++) {
    const match = PATTERN_BITS[b[from + j]];
    const transposed = ((~d0 & match) << 1) & prevMatch;
    d0 = (((match & vp) + vp) ^ vp) | match | vn | transposed;
    let hp = vn | ~(d0 | vp);
    let hn = vp & d0;
    if (hp & top) score++;
    else if (hn & top) score--;
    hp = (hp << 1) | 1;
    hn <<= 1;
    vp = hn | ~(d0 | hp);
    vn = hp & d0;
    prevMatch = match;
    COLUMN_SCORES[j + 1] = score;
  }
}

export function setPattern(a: string): void {
  for (let i = 0; i < a.length; i++) PATTERN_BITS[a.charCodeAt(i)] |= 1 << i;
}

export function clearPattern(a: string): void {
  for (let i = 0; i < a.length; i++) PATTERN_BITS[a.charCodeAt(i)] = 0;
}

/**
 * The distance from the word set by setPattern (`m` characters, at most 31) to b[from, from + len) (at most 63
 * code units): to the whole of it, or with `prefix` to its closest prefix (editDistance, prefixEditDistance).
 * Many words are compared with one setPattern, without making a string of each.
 */
export function patternDistance(m: number, b: Uint8Array | Uint16Array, from: number, len: number, max: number, prefix: boolean): number {
  if (prefix) {
    const lb = Math.min(len, m + max);
    const first = Math.max(1, m - max);
    if (lb < first) return max + 1;
    alignmentColumns(m, b, from, lb);
    let best = max + 1;
    for (let j = first; j <= lb; j++) if (COLUMN_SCORES[j] < best) best = COLUMN_SCORES[j];
    return best;
  }
  if (Math.abs(m - len) > max) return max + 1;
  if (len === 0) return Math.min(m, max + 1);
  alignmentColumns(m, b, from, len);
  return Math.min(COLUMN_SCORES[len], max + 1);
}

/** A word's code units, for comparing it bit-parallel as if it were packed. */
const STRING_UNITS = new Uint16Array(64);
function distanceToString(a: string, b: string, max: number, prefix: boolean): number {
  for (let j = 0; j < b.length; j++) STRING_UNITS[j] = b.charCodeAt(j);
  setPattern(a);
  const d = patternDistance(a.length, STRING_UNITS, 0, b.length, max, prefix);
  clearPattern(a);
  return d;
}

/** Optimal string alignment distance, giving up (returning max + 1) beyond max. */
export function editDistance(a: string, b: string, max: number): number {
  if (a.length === 0 || a.length > BIT_WORD_MAX || b.length > 63) return editDistanceByTable(a, b, max);
  return distanceToString(a, b, max, false);
}

/**
 * The smallest distance between a word and any prefix of `b` from `a.length - max` to `a.length + max`
 * characters long (a word still being typed).
 */
export function prefixEditDistance(a: string, b: string, max: number): number {
  if (a.length === 0 || a.length > BIT_WORD_MAX || b.length > 63) return prefixEditDistanceByTable(a, b, max);
  return distanceToString(a, b, max, true);
}
