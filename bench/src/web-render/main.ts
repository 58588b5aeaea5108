/**
 * Web client rendering (issue 5): "opening a 10,000-message thread renders its
 * first screen within 100 ms of the data arriving with at most 100 message
 * rows mounted; scrolling it keeps every frame task under 50 ms".
 *
 * A network of two people and one thread of N messages is imported into the
 * real server (packages/server/src/main.ts, a child process serving the built
 * client); Debian's Chromium logs in and opens the thread's permalink several
 * times, then scrolls up through the history with the mouse wheel (older
 * pages load as the app loads them). Baselines of plain divs in the same
 * browser in the same run give the ratios.
 *
 *   npm run -w @messenger/web build
 *   npm run -w @messenger/bench web-render -- [--messages 10000] [--opens 7] [--seconds 20]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { threadPermalink } from '@messenger/core';
import { launchBrowser } from '../../../e2e/support/browser';
import { loginAs } from '../../../e2e/support/login';
import type { NetworkPerson } from '../../../e2e/support/network';
import { startServer } from '../../../e2e/support/server';
import { describeMachine, percentile, progressLine } from '../progress';
import { BASELINE_ROWS, baselineFirstScreen, openScrollBaseline } from './baseline';
import { generateRenderNetwork, READER, THREAD_ID } from './network';
import { installProbes, ROW_SELECTOR, type FirstScreen, type LongTaskEntry } from './page-probes';

const OUT_DIR = new URL('../../out/web-render/', import.meta.url).pathname;
const VIEWPORT = { width: 1280, height: 800 };
/** One wheel notch as Chromium sends it, every WHEEL_INTERVAL_MS: a fast, steady scroll. */
const WHEEL_STEP = 100;
const WHEEL_INTERVAL_MS = 40;
const LONG_TASK_MS = 50;
/** tsx (esbuild keepNames) wraps functions in `__name(...)`; the page needs it for serialized ones. */
const NAME_HELPER = 'globalThis.__name = (fn) => fn;';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    opens: { type: 'string', default: '7' },
    seconds: { type: 'string', default: '20' },
  },
});
const MESSAGES = Number(values.messages);
const OPENS = Number(values.opens);
const SECONDS = Number(values.seconds);

const loadavg = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (n: number): string => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');
const sleep = (t: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, t));

interface ScrollResult {
  frames: number[];
  longTasks: LongTaskEntry[];
  longFrames: LongTaskEntry[];
  maxRowsMounted: number;
  pagesLoaded: number;
  pageArrivals: number[];
  oldestShown: string;
}

/** A long task this soon after an older page arrived is counted as that page's work. */
const PAGE_WORK_WINDOW_MS = 300;

/** Wheel steps over the element for `seconds`, with frames and long tasks collected. */
async function scrollUp(page: Page, label: string, selector: string): Promise<ScrollResult> {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) throw new Error(`${selector} is not visible`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = await page.evaluate(() => ({
    longTasks: window.__bench.longTasks.length,
    longFrames: window.__bench.longAnimationFrames.length,
    pages: window.__bench.historyPageRequests,
    at: performance.now(),
  }));
  await page.evaluate(() => {
    window.__bench.startFrames();
  });
  const started = performance.now();
  let maxRowsMounted = 0;
  let lastSecond = -1;
  while (performance.now() - started < SECONDS * 1000) {
    await page.mouse.wheel(0, -WHEEL_STEP);
    await sleep(WHEEL_INTERVAL_MS);
    const second = Math.floor((performance.now() - started) / 1000);
    if (second !== lastSecond) {
      lastSecond = second;
      const rows = await page.locator(ROW_SELECTOR).count();
      maxRowsMounted = Math.max(maxRowsMounted, rows);
      progressLine(`${label}: scrolling, s`, Math.min(second, SECONDS), SECONDS);
    }
  }
  progressLine(`${label}: scrolling, s`, SECONDS, SECONDS);
  const frames = await page.evaluate(() => window.__bench.stopFrames());
  maxRowsMounted = Math.max(maxRowsMounted, await page.locator(ROW_SELECTOR).count());
  const after = await page.evaluate(
    ({ from, rowSelector }) => ({
      longTasks: window.__bench.longTasks.slice(from.longTasks),
      longFrames: window.__bench.longAnimationFrames.slice(from.longFrames),
      pages: window.__bench.historyPageRequests - from.pages,
      arrivals: window.__bench.historyPageArrivals.filter((t) => t >= from.at),
      oldest: document.querySelector(rowSelector)?.textContent.slice(0, 40) ?? '',
    }),
    { from: before, rowSelector: ROW_SELECTOR },
  );
  return {
    frames,
    longTasks: after.longTasks.filter((t) => t.startTime >= before.at),
    longFrames: after.longFrames.filter((t) => t.startTime >= before.at),
    maxRowsMounted,
    pagesLoaded: after.pages,
    pageArrivals: after.arrivals,
    oldestShown: after.oldest,
  };
}

interface Open extends FirstScreen {
  /** Long tasks between the data and the paint: how long the main thread was held. */
  longTaskMs: number;
}

/**
 * One opening of the thread: `load` navigates the browser to its permalink (a
 * full page load: the data may arrive while the app's scripts still start);
 * `click` opens the inbox first, then presses the thread's row, which pushes
 * the same permalink inside the running app.
 */
async function openThread(page: Page, path: string, how: 'load' | 'click'): Promise<Open> {
  if (how === 'load') {
    await page.goto(path);
  } else {
    await page.goto('/messages');
    const row = page.getByRole('grid', { name: 'Conversations' }).getByRole('row').first();
    await row.waitFor();
    // Let the inbox finish starting (sidebar, sync socket) before the measured step.
    await sleep(1000);
    await row.click();
  }
  const handle = await page.waitForFunction(() => window.__bench.firstScreen, null, {
    timeout: 60_000,
  });
  const first = (await handle.jsonValue()) as FirstScreen;
  const tasks = await page.evaluate(() => window.__bench.longTasks);
  const longTaskMs = tasks
    .filter((t) => t.startTime + t.duration > first.dataAt && t.startTime < first.paintedAt)
    .reduce((sum, t) => sum + t.duration, 0);
  return { ...first, longTaskMs };
}

function describeOpens(name: string, opens: readonly Open[]): string[] {
  const sorted = (f: (o: Open) => number) => opens.map(f).sort((a, b) => a - b);
  const toPaint = sorted((o) => o.paintedAt - o.dataAt);
  const toDom = sorted((o) => o.rowsInDomAt - o.dataAt);
  const toCommit = sorted((o) => o.committedAt - o.dataAt);
  const sentToCommit = sorted((o) => o.committedAt - o.sentAt);
  const commitToPaint = sorted((o) => o.paintedAt - o.committedAt);
  const blocked = sorted((o) => o.longTaskMs);
  const max = (xs: number[]) => xs[xs.length - 1] ?? Number.NaN;
  return [
    `${name}: data → after the painting frame: median ${ms(percentile(toPaint, 50))}, max ${ms(max(toPaint))} (each: ${opens.map((o) => (o.paintedAt - o.dataAt).toFixed(1)).join(', ')})`,
    `${name}: data → React's first commit of the conversation: median ${ms(percentile(toCommit, 50))} (query sent → that commit: median ${ms(percentile(sentToCommit, 50))}); commit → after the painting frame: median ${ms(percentile(commitToPaint, 50))}, max ${ms(max(commitToPaint))}`,
    `${name}: data → newest row in the document: median ${ms(percentile(toDom, 50))}; long tasks in the window: median ${ms(percentile(blocked, 50))}, max ${ms(max(blocked))}`,
    `${name}: rows mounted at the first screen: ${opens.map((o) => o.rowsMounted).join(', ')} (limit 100)`,
  ];
}

function summarizeFrames(frames: number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    count: frames.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

function describeScroll(name: string, s: ScrollResult): string[] {
  const f = summarizeFrames(s.frames);
  const longest = Math.max(0, ...s.longTasks.map((t) => t.duration));
  const over = s.longTasks.filter((t) => t.duration > LONG_TASK_MS).length;
  const longestFrame = Math.max(0, ...s.longFrames.map((t) => t.duration));
  const afterPage = s.longTasks.filter(
    (t) =>
      t.duration > LONG_TASK_MS &&
      s.pageArrivals.some((at) => t.startTime >= at - 1 && t.startTime - at < PAGE_WORK_WINDOW_MS),
  ).length;
  return [
    `${name}: ${f.count} frames in ${SECONDS} s; frame interval p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, p99 ${ms(f.p99)}, max ${ms(f.max)}`,
    `${name}: long tasks > ${LONG_TASK_MS} ms: ${over} (longest ${over === 0 ? 'none over 50 ms' : ms(longest)}; ${afterPage} within ${PAGE_WORK_WINDOW_MS} ms of an older page arriving); long animation frames: ${s.longFrames.length} (longest ${ms(longestFrame)})`,
  ];
}

async function main(): Promise<void> {
  console.log(`machine: ${describeMachine()}; load average at start ${loadavg()}`);
  mkdirSync(OUT_DIR, { recursive: true });
  const networkFile = `${OUT_DIR}network-${MESSAGES}.json`;
  const network = generateRenderNetwork(MESSAGES);
  writeFileSync(networkFile, JSON.stringify(network));
  const history = (network.threads as Array<{ messages: Array<{ text: string }> }>)[0]!.messages;
  const newestText = history[history.length - 1]!.text;
  console.log(`network: 2 people, 1 thread of ${MESSAGES} messages (${networkFile})`);

  progressLine('server: import and start', 0, 1);
  const server = await startServer({ networkFile });
  progressLine('server: import and start', 1, 1);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORT,
      locale: 'en-US',
    });
    context.setDefaultTimeout(60_000);
    await context.addInitScript({ content: NAME_HELPER });
    await context.addInitScript(installProbes, { rowSelector: ROW_SELECTOR, newestText });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      console.error(`page error: ${error.message}`);
    });
    await loginAs(page, { ...READER } as unknown as NetworkPerson);
    const path = threadPermalink({ prefix: '/messages', threadId: THREAD_ID });

    const loads: Open[] = [];
    const clicks: Open[] = [];
    for (let i = 0; i < OPENS; i += 1) {
      loads.push(await openThread(page, path, 'load'));
      clicks.push(await openThread(page, path, 'click'));
      progressLine('opening the thread (page load, then a click in the inbox)', i + 1, OPENS);
    }
    const scroll = await scrollUp(page, 'messenger', '[role=log]');

    // Baselines in a context without the app.
    const bare = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
    const basePage = await bare.newPage();
    const baseFirst: number[] = [];
    for (let i = 0; i < OPENS; i += 1) {
      baseFirst.push(
        await baselineFirstScreen(
          basePage,
          history.map((m) => m.text),
        ),
      );
      progressLine('baseline: 100 plain divs', i + 1, OPENS);
    }
    await openScrollBaseline(basePage, MESSAGES);
    await basePage.evaluate(NAME_HELPER);
    await basePage.evaluate(installProbes, { rowSelector: '#log .row', newestText: '' });
    const baseScroll = await scrollUp(basePage, 'baseline', '#log');
    await bare.close();

    const baseSorted = [...baseFirst].sort((a, b) => a - b);
    const median = (xs: readonly number[]) => percentile(xs, 50);
    const medianPaint = (opens: readonly Open[]) =>
      median(opens.map((o) => o.paintedAt - o.dataAt).sort((a, b) => a - b));
    const lines = [
      '',
      `web-render: ${MESSAGES} messages, viewport ${VIEWPORT.width}×${VIEWPORT.height}, ${OPENS} opens, ${SECONDS} s of scrolling (${WHEEL_STEP} px every ${WHEEL_INTERVAL_MS} ms)`,
      ...describeOpens('first screen, permalink loaded', loads),
      ...describeOpens('first screen, row clicked in the inbox', clicks),
      `baseline, ${BASELINE_ROWS} plain divs → after the painting frame: median ${ms(median(baseSorted))}, max ${ms(baseSorted[baseSorted.length - 1]!)}; ratios of medians ${(medianPaint(loads) / median(baseSorted)).toFixed(1)}× (load), ${(medianPaint(clicks) / median(baseSorted)).toFixed(1)}× (click)`,
      ...describeScroll('messenger scroll', scroll),
      `messenger scroll: ${scroll.pagesLoaded} older pages loaded; at most ${scroll.maxRowsMounted} rows mounted; oldest row at the end: "${scroll.oldestShown}"`,
      ...describeScroll(`baseline scroll (${MESSAGES} static divs)`, baseScroll),
      `ratios messenger/baseline: frame p95 ${(summarizeFrames(scroll.frames).p95 / summarizeFrames(baseScroll.frames).p95).toFixed(2)}×, p99 ${(summarizeFrames(scroll.frames).p99 / summarizeFrames(baseScroll.frames).p99).toFixed(2)}×`,
      `load average at the end: ${loadavg()}`,
      `reproduce: npm run -w @messenger/web build && npm run -w @messenger/bench web-render -- --messages ${MESSAGES} --opens ${OPENS} --seconds ${SECONDS}`,
    ];
    console.log(lines.join('\n'));
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
