/**
 * The baselines, measured in the same browser in the same run: what the
 * browser itself needs, with no framework, no data layer and no app CSS.
 *
 * - First screen: 100 plain divs built from the same texts and appended at
 *   once, timed from "data here" to after the frame that paints them.
 * - Scrolling: 10,000 plain divs already in the document (nothing to load,
 *   nothing to virtualize), scrolled by the same wheel steps.
 */
import type { Page } from 'playwright-core';

export const BASELINE_ROWS = 100;

const SCROLL_PAGE = (rows: number): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>baseline</title>
<style>
  body { margin: 0; font: 15px system-ui, sans-serif; }
  #log { height: 100vh; overflow-y: auto; }
  .row { padding: 6px 12px; }
</style></head>
<body><div id="log" role="log" aria-label="baseline">${Array.from(
  { length: rows },
  (_, i) => `<div class="row"><span>Walt</span><p>${i} lunch tomorrow meeting project</p></div>`,
).join('')}</div></body></html>`;

/** Time from "data here" to after the frame painting 100 plain rows (in-page clock, ms). */
export async function baselineFirstScreen(page: Page, texts: readonly string[]): Promise<number> {
  await page.setContent('<!doctype html><html lang="en"><body><div id="log"></div></body></html>');
  return page.evaluate(
    (rows) =>
      new Promise<number>((resolve) => {
        const dataAt = performance.now();
        const log = document.getElementById('log')!;
        const fragment = document.createDocumentFragment();
        for (const text of rows) {
          const row = document.createElement('div');
          const sender = document.createElement('span');
          sender.textContent = 'Walt';
          const body = document.createElement('p');
          body.textContent = text;
          row.append(sender, body);
          fragment.append(row);
        }
        log.append(fragment);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            resolve(performance.now() - dataAt);
          };
          channel.port2.postMessage(null);
        });
      }),
    texts.slice(-BASELINE_ROWS),
  );
}

/** A page of `rows` static plain rows, scrolled to the bottom like a history opens. */
export async function openScrollBaseline(page: Page, rows: number): Promise<void> {
  await page.setContent(SCROLL_PAGE(rows));
  await page.evaluate(() => {
    const log = document.getElementById('log')!;
    log.scrollTop = log.scrollHeight;
  });
}
