import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

/** Debian's Chromium (`bash scripts/install-chromium.sh` installs it); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that work headless as root on this machine kind (TOOLCHAIN-FACTS.md), fake media for calls. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: run \`bash scripts/install-chromium.sh\` or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page's scripts, as text. */
  pageErrors: string[];
  close: () => Promise<void>;
}

/**
 * A fresh browser context (its own cookies and storage) with one page on `baseURL`;
 * `options` override the defaults (a phone's `isMobile`, `deviceScaleFactor`...).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<TestPage> {
  // The laptop size of issue 31's checks (support/occlusion.ts); tests may resize.
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    // E2E_COLOR_SCHEME=dark runs any test file (and its axe checks) under a dark system.
    colorScheme: process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => {
    pageErrors.push(error.stack ?? error.message);
  });
  return {
    context,
    page,
    pageErrors,
    close: () => context.close(),
  };
}
