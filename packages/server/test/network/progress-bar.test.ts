import { describe, expect, it } from 'vitest';
import { createProgressBar, renderProgress } from '../../src/cli/progress-bar';

describe('the import progress bar', () => {
  it('shows the phase, a bar, the percent and the counts', () => {
    expect(renderProgress({ phase: 'messages', done: 250, total: 1000 })).toBe(
      `messages     [${'#'.repeat(8)}${'.'.repeat(22)}]  25%  250/1000`,
    );
    expect(renderProgress({ phase: 'pages', done: 0, total: 0 })).toContain('100%');
  });

  it('redraws in place with \\r, only when the percent or the phase changes', () => {
    const out: string[] = [];
    const bar = createProgressBar({ write: (text) => out.push(text), isTerminal: true });
    bar.update({ phase: 'people', done: 0, total: 1000 });
    bar.update({ phase: 'people', done: 1, total: 1000 });
    bar.update({ phase: 'people', done: 500, total: 1000 });
    bar.update({ phase: 'people', done: 1000, total: 1000 });
    bar.update({ phase: 'threads', done: 1, total: 2 });
    bar.finish();
    expect(out).toEqual([
      `\r${renderProgress({ phase: 'people', done: 0, total: 1000 })}`,
      `\r${renderProgress({ phase: 'people', done: 500, total: 1000 })}`,
      `\r${renderProgress({ phase: 'people', done: 1000, total: 1000 })}`,
      '\n',
      `\r${renderProgress({ phase: 'threads', done: 1, total: 2 })}`,
      '\n',
    ]);
  });

  it('writes whole lines at each quarter, never \\r, when the output is not a terminal', () => {
    const out: string[] = [];
    const bar = createProgressBar({ write: (text) => out.push(text), isTerminal: false });
    for (let done = 0; done <= 1000; done += 10) bar.update({ phase: 'people', done, total: 1000 });
    bar.update({ phase: 'threads', done: 2, total: 2 });
    bar.finish();
    expect(out).toEqual(
      [0, 250, 500, 750, 1000]
        .map((done) => `${renderProgress({ phase: 'people', done, total: 1000 })}\n`)
        .concat(`${renderProgress({ phase: 'threads', done: 2, total: 2 })}\n`),
    );
    expect(out.join('')).not.toContain('\r');
  });
});
