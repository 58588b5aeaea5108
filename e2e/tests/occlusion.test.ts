import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import {
  canLogIn,
  oneToOnePair,
  type Network,
  type NetworkPerson,
  type NetworkThread,
} from '../support/network';
import { checkNothingCoveredAtBothSizes, findOcclusions } from '../support/occlusion';

/**
 * Issue 31: nothing on screen may cover a button, link or input. Each screen
 * a person meets is checked at 1280x800 and 390x844 with what floats over it
 * showing: onboarding prompts, a beeper toast, the bug-nub, a call.
 */
const e2e = useE2E();

const nuxPrompt = (page: Page): Locator =>
  page.getByRole('complementary', { name: 'Chat from any page' });

async function writeFrom(page: Page, threadId: string, text: string): Promise<void> {
  await page.goto(`/messages/thread/${threadId}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.waitFor();
  await composer.fill(text);
  await composer.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
}

/** Waits for a beeper toast carrying `token` and holds it (hovered toasts stay). */
async function holdToast(page: Page, token: string): Promise<void> {
  const toast = page
    .getByRole('status', { name: 'Notifications' })
    .getByRole('link')
    .filter({ hasText: token });
  await toast.waitFor();
  await toast.hover();
}

/**
 * A person the server targets with a quick promotion (a work account), who
 * is friends with another person who can log in and shares a one-to-one
 * thread with them in both inboxes: the friend's row opens it in a chat tab.
 */
function promotedPersonWithThread(
  network: Network & { friendships?: [string, string][]; blocks?: [string, string][] },
): { thread: NetworkThread; viewer: NetworkPerson; member: NetworkPerson } {
  const people = new Map(network.people.map((p) => [p.id, p]));
  const friends = (a: string, b: string) =>
    (network.friendships ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const blocked = (a: string, b: string) =>
    (network.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  for (const thread of network.threads) {
    if (thread.kind !== 'one_to_one') continue;
    const [viewer, member] = thread.participants.map((id) => people.get(id));
    for (const [a, b] of [
      [viewer, member],
      [member, viewer],
    ]) {
      if (a === undefined || b === undefined || !canLogIn(a) || !canLogIn(b)) continue;
      if (a.account !== 'work') continue;
      if (!friends(a.id, b.id) || blocked(a.id, b.id)) continue;
      if ([a, b].some((p) => (thread.folders?.[p.id] ?? 'INBOX') !== 'INBOX')) continue;
      return { thread, viewer: a, member: b };
    }
  }
  throw new Error('The network file has no work-account person with a friend to chat with.');
}

async function loggedIn(person: NetworkPerson): Promise<Page> {
  const { page } = await e2e.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, person);
  return page;
}

async function openThreadPage(page: Page, thread: NetworkThread): Promise<void> {
  await page.goto(`/messages/thread/${thread.id}`);
  await page
    .getByRole('main', { name: 'Conversation' })
    .getByRole('textbox', { name: 'Message' })
    .waitFor();
}

describe('nothing covers a button, link or input', () => {
  it('the check itself finds a covered button', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.style.cssText = 'position:fixed;inset:0;z-index:1000;background:transparent';
      document.body.append(cover);
    });
    const found = await findOcclusions(page);
    expect(found.map((o) => o.element).join('\n')).toContain('Log In');
  });

  it('on the host page with the onboarding prompts, a chat tab, the bug-nub and a toast', async () => {
    const { thread, viewer: person, member } = promotedPersonWithThread(e2e.network);
    const viewer = await loggedIn(person);
    await nuxPrompt(viewer).waitFor();
    await viewer.locator('.qp-prompt').waitFor();
    await checkNothingCoveredAtBothSizes(viewer, 'the host page with its prompts');

    // A chat tab opened from the sidebar, the prompts still showing.
    await viewer
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('row')
      .filter({ hasText: member.name })
      .first()
      .click();
    const tab = viewer.getByRole('region', { name: 'Open chats' }).getByRole('group');
    await tab.getByRole('textbox', { name: 'Message' }).waitFor();
    await checkNothingCoveredAtBothSizes(viewer, 'the host page with a chat tab and prompts');

    const writer = await loggedIn(member);
    const token = `cover-${Date.now().toString(36)}`;
    await writeFrom(writer, thread.id, `hello ${token}`);
    await viewer.goto('/');
    await viewer.getByRole('main', { name: 'News Feed' }).waitFor();
    await writeFrom(writer, thread.id, `again ${token}`);
    await holdToast(viewer, token);
    await checkNothingCoveredAtBothSizes(viewer, 'the host page with a toast');
  });

  it('on the full-page messenger with a thread, a toast and the bug-nub', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const viewer = await loggedIn(second);
    await openThreadPage(viewer, thread);
    await checkNothingCoveredAtBothSizes(viewer, 'a thread');

    const writer = await loggedIn(first);
    const token = `cover-${Date.now().toString(36)}`;
    await viewer.goto('/messages');
    await viewer.getByRole('main', { name: 'Conversation' }).waitFor();
    await writeFrom(writer, thread.id, `hello ${token}`);
    await holdToast(viewer, token);
    await checkNothingCoveredAtBothSizes(viewer, 'the messenger with a toast');
  });
});

describe("the messenger's other screens cover nothing", () => {
  it('New message, Broadcast and the message requests', async () => {
    const { thread, first } = oneToOnePair(e2e.network);
    const page = await loggedIn(first);
    await openThreadPage(page, thread);
    await page.getByRole('link', { name: 'New message' }).click();
    await page.getByRole('main', { name: 'New message' }).getByRole('combobox').waitFor();
    await checkNothingCoveredAtBothSizes(page, 'New message');
    await page.getByRole('link', { name: 'Broadcast' }).click();
    await page.getByRole('main', { name: 'Broadcast' }).waitFor();
    await checkNothingCoveredAtBothSizes(page, 'Broadcast');
    await page.goto('/messages/requests');
    await page.getByRole('grid', { name: 'Message requests' }).waitFor();
    await checkNothingCoveredAtBothSizes(page, 'the message requests');
  });
});

describe('a call covers nothing and rings in a real modal', () => {
  const callWindow = (page: Page): Locator => page.getByRole('region', { name: 'Call' });

  /** The incoming-call dialog's card width and its overlay's background colour. */
  const dialogLook = (page: Page) =>
    page.getByRole('alertdialog', { name: 'Incoming call' }).evaluate((dialog) => {
      const overlay = dialog.closest('.modal-overlay');
      return {
        width: dialog.getBoundingClientRect().width,
        cardBackground: getComputedStyle(dialog.parentElement ?? dialog).backgroundColor,
        overlayBackground: overlay === null ? '' : getComputedStyle(overlay).backgroundColor,
      };
    });

  it('rings in a modal on /messages with no conversation open, then the call column leaves Send clear, minimized too', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const caller = await loggedIn(first);
    await openThreadPage(caller, thread);
    const callee = await loggedIn(second);
    await callee.goto('/messages');
    await callee.getByRole('main', { name: 'Conversation' }).waitFor();

    await caller
      .getByRole('main', { name: 'Conversation' })
      .locator('header')
      .getByRole('button', { name: 'Video call' })
      .click();
    const dialog = callee.getByRole('alertdialog', { name: 'Incoming call' });
    await dialog.waitFor();
    const look = await dialogLook(callee);
    expect(look.width).toBeGreaterThanOrEqual(300);
    // An opaque card: ui/tokens.css's raised surface (white, or #2f3031 under E2E_COLOR_SCHEME=dark).
    expect(look.cardBackground).toBe(
      process.env.E2E_COLOR_SCHEME === 'dark' ? 'rgb(47, 48, 49)' : 'rgb(255, 255, 255)',
    );
    expect(look.overlayBackground).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent|)$/);
    await checkNothingCoveredAtBothSizes(callee, 'the incoming-call dialog on the messenger');

    await dialog.getByRole('button', { name: 'Answer' }).click();
    try {
      await expect
        .poll(() => callWindow(caller).getByRole('status').textContent(), { timeout: 20_000 })
        .toBe('In Call');
      await checkNothingCoveredAtBothSizes(caller, 'a thread during a video call');

      await callWindow(caller).getByRole('button', { name: 'Minimize' }).click();
      await expect.poll(() => callWindow(caller).locator('.call-tiles').isVisible()).toBe(false);
      await checkNothingCoveredAtBothSizes(caller, 'a thread during a minimized video call');
    } finally {
      // The next test rings the same people: this call ends whatever happened.
      await callWindow(caller).getByRole('button', { name: 'Hang up' }).click();
    }
    await expect
      .poll(() => callWindow(callee).getByRole('status').textContent())
      .toBe('Call Ended');
  });

  it('rings in a modal on the host page', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const caller = await loggedIn(first);
    await openThreadPage(caller, thread);
    const callee = await loggedIn(second);
    await callee
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('grid')
      .first()
      .waitFor();
    await expect
      .poll(() => callee.getByRole('status').filter({ hasText: 'Connecting…' }).count())
      .toBe(0);
    await caller
      .getByRole('main', { name: 'Conversation' })
      .locator('header')
      .getByRole('button', { name: 'Voice call' })
      .click();
    const dialog = callee.getByRole('alertdialog', { name: 'Incoming call' });
    await dialog.waitFor();
    const look = await dialogLook(callee);
    expect(look.width).toBeGreaterThanOrEqual(300);
    expect(look.overlayBackground).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent|)$/);
    await checkNothingCoveredAtBothSizes(callee, 'the incoming-call dialog on the host page');
    await dialog.getByRole('button', { name: 'Decline' }).click();
  });
});
