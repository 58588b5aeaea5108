import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { threadPermalink } from '@messenger/core';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

/** Issue 34 item 5: the page may move by at most this much while it fills (Lighthouse's CLS). */
const MAX_CLS = 0.02;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

/**
 * Installed before the document's own scripts: records every layout shift not
 * caused by input, with the elements that moved (to say what to fix when it fails).
 */
function recordLayoutShifts(): void {
  const shifts: Shift[] = [];
  window.__layoutShifts = shifts;
  const describe = (node: Node | null): string => {
    if (!(node instanceof Element)) return node?.nodeName ?? 'null';
    const classes = Array.from(node.classList).slice(0, 3).join('.');
    const label = node.getAttribute('aria-label') ?? '';
    return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${label ? `[${label}]` : ''}`;
  };
  interface LayoutShiftEntry extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: entry.sources.map((source) => {
          const { previousRect: p, currentRect: c } = source;
          return `${describe(source.node)} (${String(p.x)},${String(p.y)} ${String(p.width)}x${String(p.height)} → ${String(c.x)},${String(c.y)} ${String(c.width)}x${String(c.height)})`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => window.__layoutShifts ?? []);
}

/**
 * Waits until the sync socket is live (no "Connecting…" status), no request is
 * in flight (the onboarding prompts and lazy chunks are in) and nothing has moved for a while.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
  let count = -1;
  await expect
    .poll(
      async () => {
        const now = (await layoutShifts(page)).length;
        const quiet = now === count;
        count = now;
        return quiet;
      },
      { interval: 1_000, timeout: 20_000 },
    )
    .toBe(true);
}

function cumulative(shifts: Shift[]): number {
  return shifts.reduce((sum, shift) => sum + shift.value, 0);
}

/** A laptop, and a phone emulated as Lighthouse's mobile preset does (touch, overlay scrollbars, dense pixels). */
const SIZES = [
  { width: 1280, height: 800, phone: false },
  { width: 390, height: 844, phone: true },
];

describe('no layout shift while a page fills (issue 34)', () => {
  for (const size of SIZES) {
    it(`keeps CLS ≤ ${String(MAX_CLS)} on /, /messages and a conversation at ${String(size.width)}x${String(size.height)}`, async () => {
      const { thread, first } = oneToOnePair(e2e.network);
      const { page, pageErrors } = await e2e.newPage(
        undefined,
        size.phone
          ? {
              viewport: { width: size.width, height: size.height },
              isMobile: true,
              hasTouch: true,
              deviceScaleFactor: 1.75,
            }
          : { viewport: { width: size.width, height: size.height } },
      );
      await page.addInitScript(recordLayoutShifts);
      await loginAs(page, first);
      // As Lighthouse loads a page: nothing cached, a slower CPU, a network
      // round trip of Lighthouse's slow 4G (150 ms); so regions arrive in separate
      // frames, as they do on a phone.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

      const pages = [
        {
          path: '/',
          shown: async () => {
            await page.getByRole('main', { name: 'News Feed' }).waitFor();
            await page
              .getByRole('complementary', { name: 'Contacts' })
              .getByRole('grid', { name: 'Friends' })
              .getByRole('row')
              .first()
              .waitFor();
          },
        },
        {
          path: '/messages',
          shown: () =>
            page.getByRole('grid', { name: 'Conversations' }).getByRole('row').first().waitFor(),
        },
        {
          path: threadPermalink({ prefix: '/messages', threadId: thread.id }),
          shown: () =>
            page
              .getByRole('main', { name: 'Conversation' })
              .getByRole('log')
              .getByRole('listitem')
              .first()
              .waitFor(),
        },
      ];
      const failures: string[] = [];
      for (const visit of pages) {
        await page.goto(visit.path);
        await visit.shown();
        await settle(page);
        const shifts = await layoutShifts(page);
        const cls = cumulative(shifts);
        if (cls > MAX_CLS) {
          failures.push(
            `${visit.path}: CLS ${cls.toFixed(3)}\n${shifts
              .map((s) => `  ${s.value.toFixed(4)} at ${String(s.at)} ms: ${s.sources.join('; ')}`)
              .join('\n')}`,
          );
        }
      }
      expect(failures.join('\n')).toBe('');
      expect(pageErrors).toEqual([]);
    });
  }
});
