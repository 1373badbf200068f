/** '/search?q=<trimmed, encoded>' or null when the query is blank (spec 5). */
export function searchPath(query: string): string | null {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
