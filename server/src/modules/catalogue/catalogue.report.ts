/** What an import did, for the summary printed at the end. */
export interface ImportFileReport {
  path: string;
  format: string;
  rowsRead: number;
}

export class ImportReport {
  readonly files: ImportFileReport[] = [];
  readonly ignoredFiles: string[] = [];
  /** IMDb dumps cut off mid-row (format samples, not catalogue content), with the dumps beside them: not imported. */
  readonly sampleFiles: string[] = [];
  rowsRead = 0;
  imported = 0;
  updated = 0;
  unchanged = 0;
  credits = 0;
  names = 0;
  /** Episodes of the catalogue's series (IMDb's title.episode). */
  episodes = 0;
  readonly skipped = new Map<string, number>();
  readonly warnings: string[] = [];

  skip(reason: string, count = 1): void {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + count);
  }

  get skippedTotal(): number {
    let n = 0;
    for (const v of this.skipped.values()) n += v;
    return n;
  }

  toJSON() {
    return {
      files: this.files,
      ignoredFiles: this.ignoredFiles,
      sampleFiles: this.sampleFiles,
      rowsRead: this.rowsRead,
      imported: this.imported,
      updated: this.updated,
      unchanged: this.unchanged,
      credits: this.credits,
      names: this.names,
      episodes: this.episodes,
      skipped: Object.fromEntries(this.skipped),
      warnings: this.warnings,
    };
  }

  /** A human summary, one fact a line. */
  format(): string {
    const n = (v: number) => v.toLocaleString('en-US');
    const lines = ['Catalogue import report'];
    for (const f of this.files) lines.push(`  ${f.format.padEnd(22)} ${n(f.rowsRead).padStart(11)} rows  ${f.path}`);
    for (const f of this.sampleFiles) lines.push(`  ${'(cut-off sample)'.padEnd(22)} ${''.padStart(16)} ${f}`);
    for (const f of this.ignoredFiles) lines.push(`  ${'(not recognised)'.padEnd(22)} ${''.padStart(16)} ${f}`);
    lines.push(`  rows read:        ${n(this.rowsRead)}`);
    lines.push(`  titles imported:  ${n(this.imported)}`);
    lines.push(`  titles updated:   ${n(this.updated)}`);
    lines.push(`  titles unchanged: ${n(this.unchanged)}`);
    if (this.credits) lines.push(`  credit rows:      ${n(this.credits)}`);
    if (this.names) lines.push(`  person names:     ${n(this.names)}`);
    if (this.episodes) lines.push(`  episodes:         ${n(this.episodes)}`);
    lines.push(`  skipped:          ${n(this.skippedTotal)}`);
    for (const [reason, count] of [...this.skipped.entries()].sort((a, b) => b[1] - a[1])) {
      lines.push(`    ${reason}: ${n(count)}`);
    }
    for (const w of this.warnings) lines.push(`  warning: ${w}`);
    return lines.join('\n');
  }
}
