/**
 * Call setup (issue 7): from pressing 'Video call' to the first decoded video
 * frame, on both sides, over N one-to-one calls between two Chromium pages on
 * the real server (fake camera, loopback ICE, no STUN/TURN). The callee
 * answers as soon as the incoming-call dialog shows, so the figures are the
 * system's own latency: ring delivery, getUserMedia, signalling over the sync
 * socket, ICE on loopback, and the first key frame.
 *
 *   npm run -w @messenger/web build
 *   npm run -w @messenger/bench call-setup -- [--calls 20]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage } from '../../e2e/support/browser';
import { loginAs } from '../../e2e/support/login';
import { oneToOnePair, readNetwork } from '../../e2e/support/network';
import { networkFilePath } from '../../e2e/support/paths';
import { startServer } from '../../e2e/support/server';
import { describeMachine, percentile, progressLine } from './progress';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '20' } } });
const CALLS = Number(values.calls);

const TRACK_PEER_CONNECTIONS = `
  globalThis.__name = (fn) => fn;
  window.__pcs = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args) { super(...args); window.__pcs.push(this); }
  };
`;

/** Resolves with Date.now() once the call's peer connection (the list is emptied before each call) decoded a video frame. */
function firstFrame(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    for (;;) {
      const pc = pcs.at(-1);
      if (pc !== undefined && pc.connectionState !== 'closed') {
        let frames = 0;
        (await pc.getStats()).forEach(
          (s: { type: string; kind?: string; framesDecoded?: number }) => {
            if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
          },
        );
        if (frames > 0) return Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
}

const loadavg = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main(): Promise<void> {
  const networkFile = networkFilePath();
  const { thread, first, second } = oneToOnePair(readNetwork(networkFile));
  const server = await startServer({ networkFile });
  const browser = await launchBrowser();
  try {
    const [caller, callee] = await Promise.all([
      openPage(browser, server.url),
      openPage(browser, server.url),
    ]);
    for (const p of [caller, callee]) await p.context.addInitScript(TRACK_PEER_CONNECTIONS);
    await loginAs(caller.page, first);
    await loginAs(callee.page, second);
    for (const p of [caller.page, callee.page]) {
      await p.goto(`/messages/thread/${thread.id}`);
      await p
        .getByRole('main', { name: 'Conversation' })
        .getByRole('heading', { level: 2 })
        .waitFor();
    }
    const ring: number[] = [];
    const callerFrame: number[] = [];
    const calleeFrame: number[] = [];
    const button = caller.page
      .getByRole('main', { name: 'Conversation' })
      .locator('header')
      .getByRole('button', { name: 'Video call' });
    const region = (p: Page) => p.getByRole('region', { name: 'Call' });
    for (let i = 0; i < CALLS; i += 1) {
      // Armed before the press: each resolves with the page's clock at its first decoded frame.
      await caller.page.evaluate(() => {
        (window as unknown as { __pcs: unknown[] }).__pcs.length = 0;
      });
      await callee.page.evaluate(() => {
        (window as unknown as { __pcs: unknown[] }).__pcs.length = 0;
      });
      const start = Date.now();
      const callerDone = firstFrame(caller.page);
      const calleeDone = firstFrame(callee.page);
      await button.click();
      const dialog = callee.page.getByRole('alertdialog', { name: 'Incoming call' });
      await dialog.waitFor();
      ring.push(Date.now() - start);
      await dialog.getByRole('button', { name: 'Answer' }).click();
      const [a, b] = await Promise.all([callerDone, calleeDone]);
      callerFrame.push(a - start);
      calleeFrame.push(b - start);
      await region(caller.page).getByRole('button', { name: 'Hang up' }).click();
      for (const p of [caller.page, callee.page]) {
        await region(p).getByRole('button', { name: 'Close' }).click();
      }
      progressLine('calls', i + 1, CALLS);
    }
    const row = (label: string, xs: number[]): string => {
      const sorted = [...xs].sort((x, y) => x - y);
      return `| ${label} | ${String(percentile(sorted, 50))} ms | ${String(percentile(sorted, 95))} ms | ${String(sorted.at(-1))} ms |`;
    };
    console.log(`\n${describeMachine()}; load average ${loadavg()}; ${String(CALLS)} calls`);
    console.log('| from pressing Video call to | p50 | p95 | max |');
    console.log('|---|---|---|---|');
    console.log(row('the callee rung (dialog shown)', ring));
    console.log(row("first decoded frame on the caller's page", callerFrame));
    console.log(row("first decoded frame on the callee's page", calleeFrame));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
