/**
 * A title's words as fans type them when the title writes them otherwise: digits standing for letters inside a word
 * ("se7en" is "seven", "m3gan" "megan", "s1m0ne" "simone"), number words written as digits ("nine nine", from
 * Nine-Nine, is "99"; "ninety nine" "99") and numbers from 21 to 99 written as words ("catch 22" is "catch twenty
 * two"). The index keeps it as the title's second form, so "seven" finds Se7en and "brooklyn 99" Brooklyn Nine-Nine
 * as exact titles, ranked among the others by popularity.
 */

/** Digits written for the letter they look like, inside a word: 7 for v, 3 for e, 0 for o, 1 for i. */
const LOOKALIKE: Record<string, string> = { '7': 'v', '3': 'e', '0': 'o', '1': 'i' };
/** Letters on both sides of digits that are all look-alikes: a word spelled with digits, not a code ("r100", "x2"). */
const SPELLED_WITH_DIGITS = /^[a-z]+[0137][a-z0137]*[a-z]$/;

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNIT_VALUE = new Map(UNITS.map((w, i) => [w, i]));
const TENS_VALUE = new Map<string, number>(TENS.flatMap((w, i) => (w === '' ? [] : [[w, i] as const])));

function lettersForDigits(word: string): string {
  if (!SPELLED_WITH_DIGITS.test(word)) return word;
  let out = '';
  for (const ch of word) out += LOOKALIKE[ch] ?? ch;
  return out;
}

/** The words of a number from 21 to 99 ("22" -> ["twenty", "two"]), or null. */
function wordsOfNumber(word: string): string[] | null {
  if (!/^[2-9]\d$/.test(word)) return null;
  const n = Number(word);
  const tens = TENS[Math.floor(n / 10)];
  return n % 10 === 0 ? [tens] : [tens, UNITS[n % 10]];
}

/**
 * A title's normalised words written the way fans type them (see above), or null when that is the title as it is.
 * Number words become digits only two at a time or more ("nine nine", "ninety nine"): a single number word from one
 * to twenty is read from the query's side (see otherForms).
 */
export function spelledForm(words: string[]): string[] | null {
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    // "nine nine" (Nine-Nine), "one one": digit words one after another, as one number.
    if (UNIT_VALUE.has(w) && i + 1 < words.length && UNIT_VALUE.has(words[i + 1])) {
      let digits = '';
      while (i < words.length && UNIT_VALUE.has(words[i])) digits += String(UNIT_VALUE.get(words[i++]));
      i--;
      out.push(digits);
      changed = true;
      continue;
    }
    // "ninety nine", "twenty one": tens and a unit.
    const tens = TENS_VALUE.get(w);
    const unit = i + 1 < words.length ? UNIT_VALUE.get(words[i + 1]) : undefined;
    if (tens !== undefined && unit !== undefined && unit > 0) {
      out.push(String(tens * 10 + unit));
      i++;
      changed = true;
      continue;
    }
    const spelled = wordsOfNumber(w);
    if (spelled !== null) {
      out.push(...spelled);
      changed = true;
      continue;
    }
    const letters = lettersForDigits(w);
    if (letters !== w) changed = true;
    out.push(letters);
  }
  return changed ? out : null;
}
