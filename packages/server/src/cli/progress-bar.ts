import type { ImportProgress } from '../features/network/import-types';

const BAR_WIDTH = 30;

/** `messages      [#########.....................]  31%  310000/1000000` */
export function renderProgress({ phase, done, total }: ImportProgress): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  const percent = `${String(Math.floor(ratio * 100))}%`.padStart(4);
  return `${phase.padEnd(12)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}  ${String(done)}/${String(total)}`;
}

export interface ProgressOutput {
  write: (text: string) => void;
  /**
   * A terminal redraws one line in place; anything else (a log file, CI, a pipe)
   * would keep every redraw, so it gets whole lines at each quarter instead.
   */
  isTerminal: boolean;
}

/** Progress on a stream of the process (stdout, stderr), redrawn only when it is a terminal. */
export function progressOutputOn(stream: NodeJS.WriteStream): ProgressOutput {
  return {
    write: (text) => {
      stream.write(text);
    },
    isTerminal: stream.isTTY,
  };
}

const LOG_STEP_PERCENT = 25;

/**
 * A text progress bar: on a terminal redrawn in place with \r, one line per
 * phase, kept when the next phase starts, redrawn only when the shown percent
 * or phase changes; elsewhere one whole line per phase and quarter.
 */
export function createProgressBar(output: ProgressOutput): {
  update(progress: ImportProgress): void;
  finish(): void;
} {
  return output.isTerminal ? terminalBar(output.write) : lineLog(output.write);
}

function terminalBar(write: (text: string) => void): ReturnType<typeof createProgressBar> {
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

function lineLog(write: (text: string) => void): ReturnType<typeof createProgressBar> {
  let phase: string | null = null;
  let loggedStep = -1;
  return {
    update(progress) {
      const ratio = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 1;
      const step = Math.floor((ratio * 100) / LOG_STEP_PERCENT);
      if (progress.phase === phase && step <= loggedStep) return;
      phase = progress.phase;
      loggedStep = step;
      write(`${renderProgress(progress)}\n`);
    },
    finish() {
      phase = null;
      loggedStep = -1;
    },
  };
}
