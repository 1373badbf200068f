/**
 * IMDb's image server scales on request: '…_V1_.jpg' is the full-size original
 * (often several MB); '…_V1_UX400_.jpg' is 400 px wide. Other URLs pass through.
 */
export function posterUrl(url: string | null | undefined, width = 400): string | null {
  if (!url) return null;
  if (!/(^https:\/\/m\.media-amazon\.com\/)/.test(url)) return url;
  return url.replace(/\._V1_[^/]*\.(jpe?g|png)$/i, `._V1_UX${width}_.$1`);
}
