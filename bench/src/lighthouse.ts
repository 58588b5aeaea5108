// `npm run -w @messenger/bench lighthouse [-- --runs 3]`: Lighthouse's mobile preset
// (simulated slow 4G and a 4× slower CPU) on the host page, the inbox and an open
// conversation, logged in, against the built client served by the messenger.
// Prints each page's performance, accessibility and best-practices scores and its
// paint, shift and blocking figures (the median run per page), with the targets of
// issue 34, in the light and the dark theme (`--themes light,dark`; dark is a system
// that prefers it, Chromium's --force-dark-mode, which the client follows). Lighthouse is fetched by npx at a pinned version (a bench tool, not a
// dependency of the product); it drives Debian's Chromium.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { threadPermalink } from '@messenger/core';
import { oneToOnePair, readNetwork } from '../../e2e/support/network';
import { networkFilePath, REPO_ROOT } from '../../e2e/support/paths';
import { startServer } from '../../e2e/support/server';
import { machineLine, progressLine } from './progress';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT_DIR = join(REPO_ROOT, 'bench/.out/lighthouse');

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    themes: { type: 'string', default: 'light,dark' },
  },
});
const RUNS = Math.max(1, Number(values.runs));
type Theme = 'light' | 'dark';
const THEMES: Theme[] = values.themes
  .split(',')
  .map((theme) => theme.trim())
  .filter((theme): theme is Theme => theme === 'light' || theme === 'dark');
if (THEMES.length === 0) throw new Error('--themes takes light, dark or both (light,dark)');

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function figuresOf(report: Report): Figures {
  const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
  const metric = (key: string) => report.audits[key]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
  };
}

function runLighthouse(url: string, cookie: string, out: string, theme: Theme): Figures {
  const headers = join(OUT_DIR, 'headers.json');
  writeFileSync(headers, JSON.stringify({ Cookie: cookie }));
  execFileSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      `--chrome-path=${CHROMIUM}`,
      `--chrome-flags=--headless=new --no-sandbox${theme === 'dark' ? ' --force-dark-mode' : ''}`,
      `--extra-headers=${headers}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return figuresOf(JSON.parse(readFileSync(out, 'utf8')) as Report);
}

/** The run with the median performance score (Lighthouse's own advice for several runs). */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) throw new Error('no runs');
  return middle;
}

async function logIn(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || cookie === undefined) {
    throw new Error(`login failed: ${String(response.status)} ${await response.text()}`);
  }
  return cookie;
}

async function main(): Promise<void> {
  console.log(machineLine());
  mkdirSync(OUT_DIR, { recursive: true });
  const networkFile = networkFilePath();
  const { thread, first } = oneToOnePair(readNetwork(networkFile));
  progressLine('server: import and start', 0, 1);
  const server = await startServer({ networkFile });
  progressLine('server: import and start', 1, 1);
  try {
    const cookie = await logIn(server.url, first.username, first.password);
    const pages = [
      { name: 'host page /', path: '/' },
      { name: 'inbox /messages', path: '/messages' },
      {
        name: 'open conversation',
        path: threadPermalink({ prefix: '/messages', threadId: thread.id }),
      },
    ];
    const rows: { name: string; theme: Theme; figures: Figures }[] = [];
    let done = 0;
    for (const theme of THEMES) {
      for (const page of pages) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const file = `${theme}${page.path.replace(/\W+/g, '_')}-${String(run)}.json`;
          runs.push(runLighthouse(`${server.url}${page.path}`, cookie, join(OUT_DIR, file), theme));
          progressLine('lighthouse runs', (done += 1), THEMES.length * pages.length * RUNS);
        }
        rows.push({ name: page.name, theme, figures: median(runs) });
      }
    }

    console.log(
      `\nLighthouse ${LIGHTHOUSE.split('@')[1] ?? ''}, mobile preset, median of ${String(RUNS)}`,
    );
    console.log(
      '| page | theme | performance (≥ 95) | accessibility (100) | best practices (100) | FCP | LCP (≤ 2.0 s) | CLS (≤ 0.02) | TBT |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const { name, theme, figures: f } of rows) {
      console.log(
        `| ${name} | ${theme} | ${String(f.performance)} | ${String(f.accessibility)} | ${String(f.bestPractices)} | ${(f.fcpMs / 1000).toFixed(2)} s | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.cls.toFixed(3)} | ${f.tbtMs.toFixed(0)} ms |`,
      );
    }
    console.log(`reports: ${OUT_DIR}`);
    console.log(
      `reproduce: npm run -w @messenger/web build && npm run -w @messenger/bench lighthouse -- --runs ${String(RUNS)} --themes ${THEMES.join(',')}`,
    );
  } finally {
    await server.stop();
  }
}

await main();
