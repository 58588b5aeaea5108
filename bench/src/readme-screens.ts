// `npm run -w @messenger/web build && npm run -w @messenger/bench readme-screens`:
// the README's screenshots, made again from the built client on the example network
// (a busy group conversation with faces, runs, times, a day separator, a reaction and
// a reply; the host page with the chat sidebar; the same in dark and on a phone).
// Emoji need a colour emoji font on the machine (Debian: fonts-noto-color-emoji).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { loginAs } from '../../e2e/support/login';
import { groupMemberWithFriends, readNetwork } from '../../e2e/support/network';
import { networkFilePath, REPO_ROOT } from '../../e2e/support/paths';
import { startServer } from '../../e2e/support/server';
import { progressLine } from './progress';
import { gqlAs as gql } from '../../e2e/support/graphql';

const OUT = join(REPO_ROOT, 'docs/screens');

const SEND = `mutation($i: SendMessageInput!) { send_message(input: $i) { message { message_id } } }`;
const REACT = `mutation($m: ID!, $e: String) { set_message_reaction(message_id: $m, emoji: $e) { __typename } }`;

async function send(page: Page, input: Record<string, unknown>): Promise<string> {
  const id = `readme-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const data = await gql<{ send_message: { message: { message_id: string } } }>(page, SEND, {
    i: { ...input, offline_threading_id: id },
  });
  return data.send_message.message.message_id;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const networkFile = networkFilePath();
  const { group, viewer, member } = groupMemberWithFriends(readNetwork(networkFile));
  const server = await startServer({ networkFile });
  const browser = await launchBrowser();
  try {
    const open = async (
      person: typeof viewer,
      size: { width: number; height: number },
      dark = false,
    ) => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: size,
        locale: 'en-US',
        colorScheme: dark ? 'dark' : 'light',
      });
      const page = await context.newPage();
      await loginAs(page, person);
      return page;
    };
    const a = await open(viewer, { width: 1280, height: 800 });
    const b = await open(member, { width: 1280, height: 800 });
    const question = await send(b, {
      thread_id: group.id,
      text: 'Who is up for climbing on Saturday? 🧗',
    });
    await gql(a, REACT, { m: question, e: '❤️' });
    const answer = await send(a, {
      thread_id: group.id,
      text: "Count me in! I'll bring the rope.",
      reply_to: question,
    });
    await gql(b, REACT, { m: answer, e: '👍' });
    await send(b, { thread_id: group.id, text: 'Great, see you at the wall at 10.' });

    const shots: [string, typeof viewer, { width: number; height: number }, boolean, string][] = [
      [
        'conversation-1280x800.png',
        viewer,
        { width: 1280, height: 800 },
        false,
        `/messages/thread/${group.id}`,
      ],
      [
        'conversation-dark-1280x800.png',
        viewer,
        { width: 1280, height: 800 },
        true,
        `/messages/thread/${group.id}`,
      ],
      [
        'conversation-390x844.png',
        viewer,
        { width: 390, height: 844 },
        false,
        `/messages/thread/${group.id}`,
      ],
      ['host-page-1280x800.png', viewer, { width: 1280, height: 800 }, false, '/'],
    ];
    let done = 0;
    for (const [file, person, size, dark, path] of shots) {
      const page = await open(person, size, dark);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(OUT, file) });
      progressLine('screenshots', (done += 1), shots.length);
    }
    console.log(`written to ${OUT}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
