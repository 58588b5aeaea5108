import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair, type NetworkPerson } from '../support/network';

const e2e = useE2E();

async function openThread(person: NetworkPerson, threadId: string): Promise<Page> {
  const { page } = await e2e.newPage();
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

/** The remote tile's video is showing moving pictures (decoded frames, time going on). */
async function videoPlaying(tile: Locator): Promise<boolean> {
  const video = tile.locator('video');
  if (!(await video.isVisible())) return false;
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return video.evaluate(
    (v: HTMLVideoElement, before: number) => v.videoWidth > 0 && v.currentTime > before,
    first,
  );
}

describe("the other person's camera and microphone in a video call", () => {
  it("camera off shows their face and name on the caller's tile, live; on again the video returns", async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const caller = await openThread(first, thread.id);
    const callee = await openThread(second, thread.id);
    await caller
      .getByRole('main', { name: 'Conversation' })
      .locator('header')
      .getByRole('button', { name: 'Video call' })
      .click();
    const dialog = callee.getByRole('alertdialog', { name: 'Incoming call' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Answer' }).click();
    await expect.poll(() => callStatus(caller).textContent(), { timeout: 20_000 }).toBe('In Call');
    await expect.poll(() => callStatus(callee).textContent(), { timeout: 20_000 }).toBe('In Call');

    // Settled: the caller sees the callee's moving picture, no face over it, no muted mark.
    const tile = callWindow(caller).getByTestId(`remote-${second.id}`);
    await expect.poll(() => videoPlaying(tile), { timeout: 20_000 }).toBe(true);
    const face = tile.getByTestId(`remote-${second.id}-avatar`);
    expect(await face.count()).toBe(0);
    const micOff = tile.getByRole('img', { name: `${second.name}: microphone off` });
    expect(await micOff.count()).toBe(0);

    // The callee turns the camera off: the caller's tile shows their face and name instead.
    await callWindow(callee).getByRole('button', { name: 'Camera off' }).click();
    await face.waitFor({ timeout: 10_000 });
    expect(await face.locator('.face').getAttribute('title')).toBe(second.name);
    expect(await tile.locator('video').isVisible()).toBe(false);
    expect(await tile.locator('figcaption').textContent()).toContain(second.name);

    // Muting shows a mark with an accessible name; unmuting takes it away.
    await callWindow(callee).getByRole('button', { name: 'Mute' }).click();
    await micOff.waitFor({ timeout: 10_000 });
    await checkAccessibility(caller, 'the call window with the other camera off and muted');
    await callWindow(callee).getByRole('button', { name: 'Mute' }).click();
    await expect.poll(() => micOff.count(), { timeout: 10_000 }).toBe(0);

    // Camera on again: the face goes and the video returns.
    await callWindow(callee).getByRole('button', { name: 'Camera off' }).click();
    await expect.poll(() => face.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => videoPlaying(tile), { timeout: 20_000 }).toBe(true);

    await callWindow(caller).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callStatus(callee).textContent()).toBe('Call Ended');
  });
});
