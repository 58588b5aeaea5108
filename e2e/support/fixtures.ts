import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser, openPage, type TestPage } from './browser';
import { readNetwork, type Network } from './network';

export interface E2E {
  /** The shared server's URL. */
  serverUrl: string;
  network: Network;
  /** A fresh page in its own context (own cookies), closed after the test; `options` as openPage's. */
  newPage: (baseURL?: string, options?: BrowserContextOptions) => Promise<TestPage>;
}

/**
 * Per test file: one Chromium for the file, pages closed after each test, and
 * the network file the shared server imported, to choose people from.
 */
export function useE2E(): E2E {
  const serverUrl = inject('serverUrl');
  const network = readNetwork(inject('networkFile'));
  let browser: Browser | undefined;
  const open: TestPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((page) => page.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    serverUrl,
    network,
    newPage: async (baseURL = serverUrl, options) => {
      if (browser === undefined) throw new Error('the browser is not launched yet');
      const page = await openPage(browser, baseURL, options);
      open.push(page);
      return page;
    },
  };
}
