import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { ordinaryPerson } from '../support/network';

const e2e = useE2E();

/**
 * How long a toast takes to fade in, as the page's own stylesheets say
 * (beeper.css), or null while those styles have not arrived (a toast's corners
 * are still square then).
 */
function toastFade(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const region = document.createElement('div');
    region.className = 'beeper';
    const toast = document.createElement('div');
    toast.className = 'beep';
    region.append(toast);
    document.body.append(region);
    const style = getComputedStyle(toast);
    const duration = style.borderRadius === '8px' ? style.transitionDuration : null;
    region.remove();
    return duration;
  });
}

describe('motion (issue 34)', () => {
  it('fades the toasts for most people, and not at all for a system that asks for less motion', async () => {
    const person = ordinaryPerson(e2e.network);
    const moving = await e2e.newPage();
    await loginAs(moving.page, person);
    // The toasts' styles arrive with the beeper's chunk: wait until they apply.
    await expect.poll(() => toastFade(moving.page)).toBe('0.2s');

    const still = await e2e.newPage(undefined, { reducedMotion: 'reduce' });
    await loginAs(still.page, person);
    await expect.poll(() => toastFade(still.page)).not.toBeNull();
    expect(Number.parseFloat((await toastFade(still.page)) ?? '')).toBeLessThan(0.001);
  });
});
