import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

describe('the page keeps to its own Content Security Policy', () => {
  it('loads the host page, the inbox and a conversation without a single policy violation', async () => {
    const { thread, first } = oneToOnePair(e2e.network);
    const { page } = await e2e.newPage();
    // Recorded in the page from its first script on (an eval probe runs at module load).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
    await loginAs(page, first);
    for (const path of ['/', '/messages', `/messages/thread/${thread.id}`]) {
      await page.goto(path);
      await page.locator('#root main, #root [role=main]').first().waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations, path).toEqual([]);
    }
  });
});
