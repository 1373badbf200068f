/** Genre names <-> bits, shared by all segments (IMDb has 28 genres; up to 32 are indexed). */
export class GenreRegistry {
  readonly byKey = new Map<string, { bit: number; name: string }>();
  names: string[] = [];
  overflow = false;

  bitOf(name: string, create: boolean): number {
    const key = name.trim().toLowerCase();
    if (!key) return 0;
    const found = this.byKey.get(key);
    if (found) return 1 << found.bit;
    if (!create) return -1;
    if (this.names.length >= 32) {
      this.overflow = true;
      return 0;
    }
    const bit = this.names.length;
    this.byKey.set(key, { bit, name: name.trim() });
    this.names.push(name.trim());
    return 1 << bit;
  }

  private maskCache = new Map<string, number>();

  maskOf(genres: string, create: boolean): number {
    const cached = this.maskCache.get(genres);
    if (cached !== undefined) return cached;
    const m = this.computeMask(genres, create);
    if (create && this.maskCache.size < 100_000) this.maskCache.set(genres, m);
    return m;
  }

  private computeMask(genres: string, create: boolean): number {
    let m = 0;
    for (const g of genres.split(',')) {
      const b = this.bitOf(g, create);
      if (b > 0) m |= b;
    }
    return m >>> 0;
  }

  /** The canonical name for a user-supplied genre, or null when unknown. */
  canonical(name: string): string | null {
    return this.byKey.get(name.trim().toLowerCase())?.name ?? null;
  }
}
