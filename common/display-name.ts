/**
 * Spec 5: display names are shown capitalised per word; the first-name helper answers 'User' when there is no name.
 * Only the first letter of each word changes ("ana de armas" -> "Ana De Armas", "mcKay" -> "McKay"): the rest is kept
 * as the person typed it. Words are separated by white space or hyphens ("jean-luc" -> "Jean-Luc").
 */
export function capitalizeName(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s-])(\p{Ll})/gu, (_m, sep: string, letter: string) => sep + letter.toLocaleUpperCase('en'));
}

/** The first word of a display name, capitalised; 'User' when there is no name. */
export function firstName(name: string | null | undefined): string {
  const shown = capitalizeName(name);
  if (!shown) return 'User';
  return shown.split(' ')[0];
}
