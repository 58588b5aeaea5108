import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import {
  canLogIn,
  groupMemberWithFriends,
  oneToOnePair,
  type Network,
  type NetworkPerson,
  type NetworkThread,
} from '../support/network';
import { networkFilePath } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';

const e2e = useE2E();
let server: RunningServer;

/** A short ring and a low participant limit, so the timeout and the limit are quick to reach. */
const RING_TIMEOUT_MS = 5000;
const PARTICIPANT_LIMIT = 3;

beforeAll(async () => {
  server = await startServer({
    networkFile: networkFilePath(),
    env: {
      CALL_RING_TIMEOUT_MS: String(RING_TIMEOUT_MS),
      CALL_PARTICIPANT_LIMIT: String(PARTICIPANT_LIMIT),
    },
  });
});
afterAll(async () => {
  await server.stop();
});

type FullNetwork = Network & { blocks?: [string, string][] };

/** A group of at least `size` people who can log in, in all their inboxes, with no block among them. */
function groupOf(
  size: number,
  exact: boolean,
): { thread: NetworkThread; members: NetworkPerson[] } {
  const net = e2e.network as FullNetwork;
  const people = new Map(net.people.map((p) => [p.id, p]));
  const blocked = (a: string, b: string) =>
    (net.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const groups = net.threads
    .filter((t) => t.kind === 'group')
    .sort((a, b) => a.participants.length - b.participants.length);
  for (const thread of groups) {
    if (exact ? thread.participants.length !== size : thread.participants.length < size) continue;
    const members = thread.participants
      .map((id) => people.get(id))
      .filter((p): p is NetworkPerson => p !== undefined && canLogIn(p))
      .filter((p) => (thread.folders?.[p.id] ?? 'INBOX') === 'INBOX');
    if (members.length !== thread.participants.length) continue;
    if (members.some((a) => members.some((b) => a !== b && blocked(a.id, b.id)))) continue;
    return { thread, members };
  }
  throw new Error(`The network file has no group of ${String(size)} people who can all log in.`);
}

/** Counts every RTCPeerConnection the page makes, so the test can read their stats. */
const TRACK_PEER_CONNECTIONS = `
  window.__pcs = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args) { super(...args); window.__pcs.push(this); }
  };
`;

/** Logged in on the host page (the feed with the chat sidebar), no thread open. */
async function openHost(person: NetworkPerson): Promise<Page> {
  const { page, context } = await e2e.newPage(server.url);
  await context.addInitScript(TRACK_PEER_CONNECTIONS);
  await loginAs(page, person);
  // The sidebar's data carries the sync seq the socket starts from: rings after it reach this page.
  await page.getByRole('complementary', { name: 'Contacts' }).getByRole('grid').first().waitFor();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
  return page;
}

async function openThread(person: NetworkPerson, threadId: string): Promise<Page> {
  const { page, context } = await e2e.newPage(server.url);
  await context.addInitScript(TRACK_PEER_CONNECTIONS);
  await loginAs(page, person);
  await page.goto(`/messages/thread/${threadId}`);
  await page
    .getByRole('main', { name: 'Conversation' })
    .getByRole('heading', { level: 2 })
    .waitFor();
  return page;
}

const callWindow = (page: Page) => page.getByRole('region', { name: 'Call' });
const callStatus = (page: Page) => callWindow(page).getByRole('status');
const header = (page: Page) => page.getByRole('main', { name: 'Conversation' }).locator('header');

async function answer(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Incoming call' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Answer' }).click();
}

/** Frames decoded from each open peer connection's incoming video, one number per connection. */
async function framesDecoded(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (pc) => pc.connectionState !== 'closed',
    );
    const counts: number[] = [];
    for (const pc of pcs) {
      let frames = 0;
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
      counts.push(frames);
    }
    return counts;
  });
}

async function expectDecoding(page: Page, connections: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const counts = await framesDecoded(page);
        return counts.length === connections && counts.every((n) => n > 0);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
}

describe('calls', () => {
  it('a one-to-one video call rings, is answered, both sides decode frames, and hangs up as Call Ended', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const caller = await openThread(first, thread.id);
    const callee = await openThread(second, thread.id);
    await header(caller).getByRole('button', { name: 'Video call' }).click();
    await expect.poll(() => callStatus(caller).textContent()).toBe('Ringing');
    await answer(callee);
    await expect.poll(() => callStatus(callee).textContent(), { timeout: 20_000 }).toBe('In Call');
    await expect.poll(() => callStatus(caller).textContent(), { timeout: 20_000 }).toBe('In Call');
    await expectDecoding(caller, 1);
    await expectDecoding(callee, 1);
    await checkAccessibility(caller, 'call window');

    // Mute and camera off switch the outgoing tracks off, and back on.
    const localTracks = () =>
      caller.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid^="local-"] video');
        const stream = video?.srcObject as MediaStream | null | undefined;
        return (stream?.getTracks() ?? []).map((t) => `${t.kind}:${String(t.enabled)}`).sort();
      });
    expect(await localTracks()).toEqual(['audio:true', 'video:true']);
    await callWindow(caller).getByRole('button', { name: 'Mute' }).click();
    await callWindow(caller).getByRole('button', { name: 'Camera off' }).click();
    expect(
      await callWindow(caller).getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await localTracks()).toEqual(['audio:false', 'video:false']);
    // The camera off shows the person's face, not a black tile.
    const ownAvatar = callWindow(caller).locator('[data-testid^="local-"][data-testid$="-avatar"]');
    expect(await ownAvatar.locator('.face').count()).toBe(1);
    expect(await callWindow(caller).locator('[data-testid^="local-"] video').isVisible()).toBe(
      false,
    );
    await callWindow(caller).getByRole('button', { name: 'Mute' }).click();
    await callWindow(caller).getByRole('button', { name: 'Camera off' }).click();
    expect(await localTracks()).toEqual(['audio:true', 'video:true']);
    expect(await callWindow(caller).getByRole('button', { name: 'Full screen' }).count()).toBe(1);

    // Going to another page of the app during a call asks nothing: the call goes on there
    // (issue 31: the dialog said unsaved changes would be lost). Only a reload would end it.
    await caller
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await caller.getByRole('main', { name: 'News Feed' }).waitFor();
    expect(await caller.getByRole('dialog', { name: 'Leave Page?' }).count()).toBe(0);
    await expect.poll(() => callStatus(caller).textContent()).toBe('In Call');
    await expectDecoding(caller, 1);
    await caller.goBack();
    await caller.getByRole('main', { name: 'Conversation' }).getByRole('textbox').waitFor();

    await callWindow(caller).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callStatus(caller).textContent()).toBe('Call Ended');
    await expect.poll(() => callStatus(callee).textContent()).toBe('Call Ended');
    // The thread shows the call's summary line.
    await expect
      .poll(() => caller.getByRole('log', { name: 'Messages' }).textContent())
      .toContain('Video call');
    // A call event, not something said: no bubble to share.
    const summary = caller
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: 'Video call' })
      .last();
    // The history just remounted (the page came back): Virtuoso keeps its list hidden until it
    // has scrolled to the newest message, and a hidden row is no listitem yet. Wait until shown.
    await summary.waitFor();
    expect(await summary.locator('.message-event-text').count()).toBe(1);
    expect(await summary.getByRole('button', { name: /^Share/ }).count()).toBe(0);
  });

  it('a small chat tab on the host page places a call', async () => {
    const { viewer, friend } = groupMemberWithFriends(e2e.network);
    const caller = await openHost(viewer);
    const callee = await openHost(friend);
    await caller
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('row')
      .filter({ hasText: friend.name })
      .first()
      .click();
    const tab = caller.getByRole('region', { name: 'Open chats' }).getByRole('group');
    await tab.getByRole('textbox', { name: 'Message' }).waitFor();
    await tab.getByRole('button', { name: 'Voice call' }).click();
    await expect.poll(() => callStatus(caller).textContent()).toBe('Ringing');
    await answer(callee);
    await expect.poll(() => callStatus(caller).textContent(), { timeout: 20_000 }).toBe('In Call');
    await checkAccessibility(caller, 'a chat tab during a call');
    await callWindow(caller).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callStatus(callee).textContent()).toBe('Call Ended');
  });

  it('a media connection that drops shows Reconnecting (an ICE restart is under way)', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const caller = await openThread(first, thread.id);
    const callee = await openThread(second, thread.id);
    await header(caller).getByRole('button', { name: 'Voice call' }).click();
    await answer(callee);
    await expect.poll(() => callStatus(caller).textContent(), { timeout: 20_000 }).toBe('In Call');
    // The callee's side of the media path goes away without a word: the caller's ICE checks fail.
    await callee.evaluate(() => {
      for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) pc.close();
    });
    await expect
      .poll(() => callStatus(caller).textContent(), { timeout: 20_000 })
      .toBe('Reconnecting');
    await callWindow(caller).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callStatus(callee).textContent()).toBe('Call Ended');
  });

  it('a declined call is No Answer for the caller; the callee is left with no call window', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const caller = await openThread(first, thread.id);
    // Rung on the host page too: every signed-in page of the callee rings.
    const callee = await openHost(second);
    await header(caller).getByRole('button', { name: 'Voice call' }).click();
    const dialog = callee.getByRole('alertdialog', { name: 'Incoming call' });
    await dialog.waitFor();
    await checkAccessibility(callee, 'incoming call dialog');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => callStatus(caller).textContent()).toBe('No Answer');
    // "No Answer" is the caller's news: the one who declined sees the dialog go, nothing else.
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await callWindow(callee).count()).toBe(0);
  });

  it('an unanswered call rings out as No Answer for the caller, and quietly for the callee', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const caller = await openThread(first, thread.id);
    const callee = await openThread(second, thread.id);
    await header(caller).getByRole('button', { name: 'Voice call' }).click();
    await callee.getByRole('alertdialog', { name: 'Incoming call' }).waitFor();
    await expect
      .poll(() => callStatus(caller).textContent(), { timeout: RING_TIMEOUT_MS + 5000 })
      .toBe('No Answer');
    await expect
      .poll(() => callee.getByRole('alertdialog', { name: 'Incoming call' }).count())
      .toBe(0);
    expect(await callWindow(callee).count()).toBe(0);
  });

  it('a three-person group call: every pair decodes frames; the picker shows In Call rows that cannot be picked', async () => {
    const { thread, members } = groupOf(3, true);
    const [a, b, c] = members as [NetworkPerson, NetworkPerson, NetworkPerson];
    const pageA = await openThread(a, thread.id);
    const pageB = await openThread(b, thread.id);
    const pageC = await openThread(c, thread.id);
    await header(pageA).getByRole('button', { name: 'Group call' }).click();
    const picker = pageA.getByRole('dialog', { name: 'Group call' });
    await expect
      .poll(() => picker.textContent())
      .toContain(
        'People you add to this group video will see previous messages in this conversation.',
      );
    await picker.getByRole('button', { name: 'Video call' }).click();
    await answer(pageB);
    await answer(pageC);
    for (const page of [pageA, pageB, pageC]) {
      await expect.poll(() => callStatus(page).textContent(), { timeout: 20_000 }).toBe('In Call');
    }
    for (const page of [pageA, pageB, pageC]) await expectDecoding(page, 2);

    await header(pageA).getByRole('button', { name: 'Add people' }).click();
    const rows = pageA.getByRole('dialog', { name: 'Group call' }).getByRole('option');
    await expect.poll(() => rows.count()).toBe(2);
    await checkAccessibility(pageA, 'group call picker');
    for (const row of await rows.all()) {
      expect(await row.textContent()).toContain('In Call');
      expect(await row.getAttribute('aria-disabled')).toBe('true');
      await row.click({ force: true });
      expect(await row.getAttribute('aria-selected')).not.toBe('true');
    }
    await pageA.keyboard.press('Escape');
    await callWindow(pageB).getByRole('button', { name: 'Hang up' }).click();
    await callWindow(pageC).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callStatus(pageA).textContent()).toBe('Call Ended');
  });

  it('one more than the participant limit is told the call is full, and shown so to the others', async () => {
    const { thread, members } = groupOf(PARTICIPANT_LIMIT + 1, false);
    const [a, b, c, d] = members as [NetworkPerson, NetworkPerson, NetworkPerson, NetworkPerson];
    const pageA = await openThread(a, thread.id);
    const pageB = await openThread(b, thread.id);
    const pageC = await openThread(c, thread.id);
    const pageD = await openThread(d, thread.id);
    await header(pageA).getByRole('button', { name: 'Group call' }).click();
    const picker = pageA.getByRole('dialog', { name: 'Group call' });
    // Ring only b and c: the call is then full.
    for (const row of await picker.getByRole('option').all()) {
      const text = (await row.textContent()) ?? '';
      const keep = [b, c].some((p) => text.includes(p.name));
      if (!keep) await row.click();
    }
    await picker.getByRole('button', { name: 'Voice call' }).click();
    await answer(pageB);
    await answer(pageC);
    await expect.poll(() => callStatus(pageC).textContent(), { timeout: 20_000 }).toBe('In Call');
    await header(pageD).getByRole('button', { name: 'Join call' }).click();
    await expect.poll(() => callStatus(pageD).textContent()).toBe('Participant Limit Reached');
    // The call goes on for the others: D is not told they left ("Call Ended").
    const dRows = callWindow(pageD).getByRole('listitem');
    await expect.poll(() => dRows.count()).toBeGreaterThan(0);
    for (const text of await dRows.allTextContents()) expect(text).not.toContain('Call Ended');
    // The caller sees D refused, not "Connecting" for the rest of the call.
    const dOnA = callWindow(pageA).getByRole('listitem').filter({ hasText: d.name });
    await expect.poll(() => dOnA.textContent()).toContain('Participant Limit Reached');
    await callWindow(pageA).getByRole('button', { name: 'Hang up' }).click();
  });
});
