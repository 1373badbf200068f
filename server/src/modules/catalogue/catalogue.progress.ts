import cliProgress from 'cli-progress';

/** Progress of an import, file by file, measured in bytes read. */
export interface Progress {
  start(label: string, totalBytes: number): void;
  update(bytesRead: number, rows: number): void;
  stop(): void;
}

export const silentProgress: Progress = { start() {}, update() {}, stop() {} };

/** A bar on a terminal (cli-progress), a one-line counter rewritten with \r on stderr otherwise. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: '{label} |{bar}| {percentage}% | {rows} rows | {eta_formatted} left',
        hideCursor: true,
        stream,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    let active = false;
    return {
      start(label, total) {
        if (active) bar.stop();
        bar.start(Math.max(total, 1), 0, { label: label.padEnd(24).slice(0, 24), rows: 0 });
        active = true;
      },
      update(bytes, rows) {
        bar.update(bytes, { rows: rows.toLocaleString('en-US') });
      },
      stop() {
        if (active) bar.stop();
        active = false;
      },
    };
  }
  let label = '';
  let total = 1;
  let last = 0;
  return {
    start(l, t) {
      label = l;
      total = Math.max(t, 1);
      last = 0;
    },
    update(bytes, rows) {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      stream.write(`\r${label}: ${Math.min(100, Math.round((bytes / total) * 100))}% ${rows} rows`);
    },
    stop() {
      if (label) stream.write(`\r${label}: done\n`);
      label = '';
    },
  };
}
