import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  nginxBinary,
  startBalancer,
  type Balancer,
} from '../../packages/server/test/operations/support/nginx';
import {
  clusterServicesReachable,
  socketsOn,
  startCluster,
  type Cluster,
} from '../support/cluster';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

/*
 * Issue 36, item 3, in the browser: the web client opened at nginx's address
 * (deploy/nginx/messenger-locations.conf) in front of two nodes on PostgreSQL
 * and Redis. Messages typed by a person on the other node arrive live; the
 * node holding the open page's socket is killed mid-conversation; the page,
 * already open and settled, reconnects through the balancer to the surviving
 * node and shows every message exactly once.
 */
const e2e = useE2E();
const nginx = nginxBinary();
const ready = nginx !== null && (await clusterServicesReachable());
if (!ready) {
  console.warn('\n!!! the balancer test needs nginx, PostgreSQL and Redis: SKIPPED.\n');
}

function rowsWith(page: Page, token: string) {
  return page
    .getByRole('log', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ hasText: token });
}

async function openThread(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

async function typeAndSend(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
}

describe.skipIf(!ready)('the web client through nginx in front of two nodes', () => {
  let cluster: Cluster | undefined;
  let balancer: Balancer | undefined;

  beforeAll(async () => {
    cluster = await startCluster(inject('networkFile'), { TRUST_PROXY: '127.0.0.1' });
    balancer = await startBalancer(
      nginx ?? 'nginx',
      cluster.nodes.map((node) => new URL(node.url).host),
    );
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    await cluster?.stop();
  }, 60_000);

  it('receives across nodes and, when its node dies, resumes through the balancer exactly once', async () => {
    if (cluster === undefined || balancer === undefined) throw new Error('no cluster');
    const { thread, first, second } = oneToOnePair(e2e.network);
    const path = `/messages/thread/${thread.id}`;

    // The receiver's page at the balancer's address; which node holds its socket, metrics say.
    const receiver = await e2e.newPage(balancer.url);
    await loginAs(receiver.page, second);
    await openThread(receiver.page, path);
    // The socket may still be opening when the page shows no "Connecting…" yet.
    let counts: number[] = [];
    await expect
      .poll(async () => {
        counts = await Promise.all(cluster!.nodes.map(socketsOn));
        return counts.reduce((a, b) => a + b, 0);
      })
      .toBe(1);
    const receiversNode = cluster.nodes[counts.indexOf(1)];
    const otherNode = cluster.nodes[1 - counts.indexOf(1)];
    if (receiversNode === undefined || otherNode === undefined) throw new Error('no nodes');

    // The sender is on the other node.
    const sender = await e2e.newPage(otherNode.url);
    await loginAs(sender.page, first);
    await openThread(sender.page, path);

    const tokens: string[] = [];
    const say = async (): Promise<void> => {
      const token = `balanced ${String(tokens.length)} ${String(Date.now())}`;
      tokens.push(token);
      await typeAndSend(sender.page, token);
      await rowsWith(sender.page, token).waitFor();
    };
    for (let i = 0; i < 3; i += 1) await say();
    for (const token of tokens) await rowsWith(receiver.page, token).waitFor({ timeout: 30_000 });

    // Mid-conversation, the receiver's node dies; the conversation goes on.
    await receiversNode.kill();
    for (let i = 0; i < 3; i += 1) await say();

    // The open page reconnects through nginx to the survivor and catches up.
    for (const token of tokens) await rowsWith(receiver.page, token).waitFor({ timeout: 60_000 });
    await expect.poll(() => socketsOn(otherNode), { timeout: 30_000 }).toBe(2);
    for (const token of tokens) expect(await rowsWith(receiver.page, token).count(), token).toBe(1);
    const texts = await receiver.page
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .allTextContents();
    const positions = tokens.map((token) => texts.findIndex((text) => text.includes(token)));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await receiver.page.screenshot({
      path: '/work/screens/ops36/cluster-receiver-after-failover.png',
    });
  }, 240_000);
});
