import type { ImportProgress } from '../features/network/import-types';

const BAR_WIDTH = 30;

/** `messages      [#########.....................]  31%  310000/1000000` */
export function renderProgress({ phase, done, total }: ImportProgress): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  const percent = `${String(Math.floor(ratio * 100))}%`.padStart(4);
  return `${phase.padEnd(12)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}  ${String(done)}/${String(total)}`;
}

/**
 * A text progress bar redrawn in place with \r: one line per phase, kept when
 * the next phase starts. Redraws only when the shown percent or phase changes.
 */
export function createProgressBar(write: (text: string) => void): {
  update(progress: ImportProgress): void;
  finish(): void;
} {
  let phase: string | null = null;
  let shown = '';
  return {
    update(progress) {
      const line = renderProgress(progress);
      const percentPart = line.slice(0, line.lastIndexOf('%'));
      const finished = progress.done >= progress.total;
      if (progress.phase === phase && percentPart === shown && !finished) return;
      if (phase !== null && progress.phase !== phase) write('\n');
      phase = progress.phase;
      shown = percentPart;
      write(`\r${line}`);
    },
    finish() {
      if (phase !== null) write('\n');
      phase = null;
    },
  };
}
