/**
 * Typeahead keystroke latency (issue 6, stretch): with 5,000 contacts in the
 * local cache, the time from a key press to the frame that paints its results
 * should stay within one frame (p99 ≤ 16 ms).
 *
 * The sidebar's typeahead (core's reducer and ranking, the ARIA
 * combobox of packages/web) is built alone with Vite from page.tsx beside
 * this file, with N contacts as its
 * local cache and a server that never answers (the local path only), served
 * from a throwaway HTTP server to Debian's Chromium. Playwright types queries
 * key by key (typing, then deleting back to empty); the page records each
 * key's keydown timestamp, React's commit and the painted frame.
 *
 * Each configuration runs twice: with Chromium's 60 Hz frame clock (a paint
 * waits for the next vsync, up to 16.7 ms whatever the app does) and with the
 * frame-rate limit off (`--disable-frame-rate-limit --disable-gpu-vsync`: a
 * frame is drawn as soon as the main thread is free), which leaves the app's
 * own work from key to painted frame.
 *
 *   npm run -w @messenger/bench typeahead-keystroke -- [--contacts 5000] [--rounds 6]
 */
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/support/browser';
import { describeMachine, percentile } from '../progress';

const WEB = new URL('../../../packages/web/', import.meta.url).pathname;
const OUT = new URL('../../out/typeahead-keystroke/', import.meta.url).pathname;
const QUERIES = ['anna', 'bruno cos', 'grace 12', 'hoff', 'jade iv', 'el'];
const KEY_DELAY_MS = 60;

const { values } = parseArgs({
  options: {
    contacts: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '6' },
  },
});
const CONTACTS = Number(values.contacts);
const ROUNDS = Number(values.rounds);

interface Sample {
  query: string;
  keyAt: number;
  committedAt: number;
  paintedAt: number;
  rows: number;
}

declare global {
  interface Window {
    __typeahead: { samples: Sample[]; size: number };
  }
}

const loadavg = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (n: number): string => `${n.toFixed(1)} ms`;

async function buildPage(): Promise<void> {
  await build({
    root: WEB,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: OUT,
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: {
        input: new URL('page.tsx', import.meta.url).pathname,
        output: { entryFileNames: 'entry.js', assetFileNames: 'assets/[name][extname]' },
      },
    },
  });
  const css = existsSync(join(OUT, 'assets'))
    ? readdirSync(join(OUT, 'assets')).filter((f) => f.endsWith('.css'))
    : [];
  writeFileSync(
    join(OUT, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>typeahead keystroke</title>${css
      .map((f) => `<link rel="stylesheet" href="/assets/${f}">`)
      .join(
        '',
      )}</head><body><div id="root"></div><script type="module" src="/entry.js"></script></body></html>`,
  );
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

function serve(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(OUT, path === '/' ? 'index.html' : path);
    if (!file.startsWith(OUT) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${String(port)}` });
    });
  });
}

async function main(): Promise<void> {
  console.log(`machine: ${describeMachine()}; load average at start ${loadavg()}`);
  mkdirSync(OUT, { recursive: true });
  await buildPage();
  const { server, url } = await serve();
  try {
    for (const clock of FRAME_CLOCKS) {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [...CHROMIUM_ARGS, ...clock.args],
      });
      try {
        // The same keystrokes with an empty cache: the component's own cost on this machine, now.
        for (const contacts of [CONTACTS, 0]) {
          const samples = await measure(browser, url, contacts);
          const name = contacts === 0 ? 'baseline, empty cache' : `${String(contacts)} contacts`;
          report(`${name}, ${clock.name}`, samples);
        }
      } finally {
        await browser.close();
      }
    }
    console.log(`load average at end ${loadavg()}`);
  } finally {
    server.close();
  }
}

const FRAME_CLOCKS = [
  { name: '60 Hz frame clock', args: [] },
  { name: 'frame-rate limit off', args: ['--disable-frame-rate-limit', '--disable-gpu-vsync'] },
] as const;

async function measure(browser: Browser, url: string, contacts: number): Promise<Sample[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${url}/?contacts=${String(contacts)}`);
    const box = page.getByRole('combobox', { name: 'Search Messenger' });
    await box.waitFor();
    await box.focus();
    // One warm-up round (JIT, the first popup), then the measured ones.
    for (let round = 0; round <= ROUNDS; round += 1) {
      if (round === 1) await page.evaluate(() => (window.__typeahead.samples = []));
      for (const query of QUERIES) {
        for (const key of query) {
          await page.keyboard.press(key === ' ' ? 'Space' : key);
          await page.waitForTimeout(KEY_DELAY_MS);
        }
        for (let i = 0; i < query.length; i += 1) {
          await page.keyboard.press('Backspace');
          await page.waitForTimeout(KEY_DELAY_MS);
        }
      }
    }
    await page.waitForTimeout(200);
    return await page.evaluate(() => window.__typeahead.samples);
  } finally {
    await page.close();
  }
}

function report(name: string, samples: readonly Sample[]): void {
  const toPaint = samples.map((s) => s.paintedAt - s.keyAt).sort((a, b) => a - b);
  const toCommit = samples.map((s) => s.committedAt - s.keyAt).sort((a, b) => a - b);
  const max = toPaint[toPaint.length - 1] ?? Number.NaN;
  console.log(`${name}: keystrokes measured ${String(samples.length)}`);
  console.log(
    `${name}: keystroke → painted results: p50 ${ms(percentile(toPaint, 50))}, p95 ${ms(percentile(toPaint, 95))}, p99 ${ms(percentile(toPaint, 99))}, max ${ms(max)} (target p99 ≤ 16 ms)`,
  );
  console.log(
    `${name}: keystroke → React commit: p50 ${ms(percentile(toCommit, 50))}, p99 ${ms(percentile(toCommit, 99))}; rows shown per query: max ${String(Math.max(0, ...samples.map((s) => s.rows)))}`,
  );
}

await main();
