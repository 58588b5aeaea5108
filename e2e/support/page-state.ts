import type { Page } from 'playwright-core';

/** The count in front of the document title: `(3) Messenger` → 3, `Messenger` → 0. */
export async function titleCount(page: Page): Promise<number> {
  const match = /^\((\d+)\) /.exec(await page.title());
  return match === null ? 0 : Number(match[1]);
}

/** Presses Tab until a row of the grid labelled `name` has the focus (keyboard alone). */
export async function tabToGrid(page: Page, name: string, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    const inGrid = await page.evaluate((label) => {
      const grid = document.activeElement?.closest('[role="grid"]');
      const labelledBy = grid?.getAttribute('aria-labelledby');
      const text = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
      return document.activeElement?.getAttribute('role') === 'row' && text === label;
    }, name);
    if (inGrid) return;
  }
  throw new Error(`Tab never reached a row of the ${name} list`);
}
