// `npm run -w @messenger/bench layout-shift-probe`: which elements move while the
// host page, the inbox and an open conversation fill, loaded as the Lighthouse
// bench loads them (a phone of Lighthouse's mobile preset, 412x823, logged in by a
// Cookie header, nothing cached, a 4× slower CPU, 150 ms round trips). Lighthouse 12.2.3's own
// `layout-shifts` audit fails on Debian's Chromium ("frame_sequence"), so this
// prints each shift with its sources instead. Issue 34.
// `-- --screens DIR` also saves each page mid-load (its first paint with the
// header) and loaded, at 1280x800 and at the phone size, as DIR/<size>-<page>-{mid,loaded}.png.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { threadPermalink } from '@messenger/core';
import { oneToOnePair, readNetwork } from '../../e2e/support/network';
import { networkFilePath } from '../../e2e/support/paths';
import { startServer } from '../../e2e/support/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** Runs in the page before its scripts (the e2e test's recorder, tests/layout-shift.test.ts). */
function record(): void {
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  const name = (node: Node | null): string => {
    if (!(node instanceof Element)) return node?.nodeName ?? 'null';
    const classes = Array.from(node.classList).slice(0, 3).join('.');
    return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
  };
  interface Entry extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Entry[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: entry.sources.map(
          (s) =>
            `${name(s.node)} y ${String(Math.round(s.previousRect.y))}→${String(Math.round(s.currentRect.y))} h ${String(Math.round(s.previousRect.height))}→${String(Math.round(s.currentRect.height))}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function logIn(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || cookie === undefined) throw new Error(`login: ${String(response.status)}`);
  return cookie;
}

const { values } = parseArgs({ options: { screens: { type: 'string' } } });
const SCREENS = values.screens;
/** Lighthouse's phone; with --screens also the laptop and the e2e test's phone. */
const SIZES = [
  { name: 'phone412', width: 412, height: 823, phone: true },
  ...(SCREENS === undefined
    ? []
    : [
        { name: '1280x800', width: 1280, height: 800, phone: false },
        { name: '390x844', width: 390, height: 844, phone: true },
      ]),
];

const server = await startServer({ networkFile: networkFilePath() });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const { thread, first } = oneToOnePair(readNetwork(networkFilePath()));
  const cookie = await logIn(server.url, first.username, first.password);
  const pages = [
    { name: 'host', path: '/' },
    { name: 'inbox', path: '/messages' },
    { name: 'conversation', path: threadPermalink({ prefix: '/messages', threadId: thread.id }) },
  ];
  for (const size of SIZES)
    for (const { name, path } of pages) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: size.phone,
        hasTouch: size.phone,
        deviceScaleFactor: size.phone ? 1.75 : 1,
        locale: 'en-US',
        extraHTTPHeaders: { Cookie: cookie },
      });
      const page = await context.newPage();
      await page.addInitScript(record);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
      if (SCREENS !== undefined) {
        await page.locator('.app-header').waitFor();
        await page.screenshot({ path: join(SCREENS, `${size.name}-${name}-mid.png`) });
      }
      await page.waitForTimeout(8_000);
      if (SCREENS !== undefined) {
        await page.screenshot({ path: join(SCREENS, `${size.name}-${name}-loaded.png`) });
      }
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: Shift[] }).__shifts,
      );
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      console.log(`${size.name} ${path}: CLS ${cls.toFixed(3)}`);
      for (const s of shifts) {
        console.log(`  ${s.value.toFixed(4)} at ${String(s.at)} ms: ${s.sources.join('; ')}`);
      }
      await context.close();
    }
} finally {
  await browser.close();
  await server.stop();
}
