import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair, type NetworkPerson } from '../support/network';
import { networkFilePath } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';

const e2e = useE2E();
const pair = oneToOnePair(e2e.network);
/** A picture only this test gives: a small square SVG as a data URL (the network format allows them). */
const PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#3a7"/></svg>',
  );

let server: RunningServer;
let folder: string;

beforeAll(async () => {
  // A copy of the network where the second person has a picture and the first has none.
  folder = mkdtempSync(join(tmpdir(), 'faces-'));
  const network = JSON.parse(readFileSync(networkFilePath(), 'utf8')) as {
    people: (NetworkPerson & { picture?: string | null })[];
  };
  for (const person of network.people) {
    if (person.id === pair.second.id) person.picture = PICTURE;
    if (person.id === pair.first.id) person.picture = null;
  }
  const file = join(folder, 'network.json');
  writeFileSync(file, JSON.stringify(network));
  server = await startServer({ networkFile: file });
});
afterAll(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

async function send(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
}

const faceOf = (row: Locator) => row.locator('.message-face .face');

/** WCAG 2 contrast ratio of two `rgb(r, g, b)` colours, computed here independently of core. */
function contrastRatio(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, bl = 0] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => {
      const c = Number(n) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast of a generated face's initials on its background, as the browser paints them. */
async function paintedContrast(face: Locator): Promise<number> {
  const [fg, bg] = await face.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.color, style.backgroundColor];
  });
  return contrastRatio(fg, bg);
}

describe('faces', () => {
  it("shows the network's picture, generated faces otherwise, and one face per live run", async () => {
    const { thread, first, second } = pair;
    const a = await e2e.newPage(server.url);
    const b = await e2e.newPage(server.url);
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await a.page.goto(`/messages/thread/${thread.id}`);
    await b.page.goto(`/messages/thread/${thread.id}`);
    const history = a.page.getByRole('log', { name: 'Messages' });
    await history.waitFor();
    await settled(a.page);
    await settled(b.page);

    // B writes twice; A, settled in the thread, sees one run with B's picture beside its end.
    const token = `face-${Date.now().toString(36)}`;
    await send(b.page, `${token} one`);
    const one = history.getByRole('listitem').filter({ hasText: `${token} one` });
    await faceOf(one).locator('img').waitFor();
    expect(await faceOf(one).locator('img').getAttribute('src')).toBe(PICTURE);
    await send(b.page, `${token} two`);
    const two = history.getByRole('listitem').filter({ hasText: `${token} two` });
    await faceOf(two).locator('img').waitFor();
    // The face moved to the run's new last message.
    await expect.poll(() => faceOf(one).count()).toBe(0);

    // The thread list shows B's picture for the thread; on B's side, A has a generated face.
    const aRow = a.page.getByRole('grid', { name: 'Conversations' }).getByRole('row').filter({
      hasText: token,
    });
    expect(await aRow.locator('.face img').getAttribute('src')).toBe(PICTURE);
    const bRow = b.page.getByRole('grid', { name: 'Conversations' }).getByRole('row').filter({
      hasText: token,
    });
    const generated = bRow.locator('.face[data-face="generated"]');
    await generated.waitFor();
    const initials = await generated.locator('[data-initials]').getAttribute('data-initials');
    expect(initials?.[0]).toBe(Array.from(first.name.trim())[0]?.toUpperCase());
    expect(await paintedContrast(generated)).toBeGreaterThanOrEqual(4.5);

    // A answers: B sees A's generated face by A's message, in A's own colour.
    await send(a.page, `${token} back`);
    const back = b.page
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: `${token} back` });
    const backFace = faceOf(back);
    await backFace.waitFor();
    expect(await backFace.getAttribute('data-face')).toBe('generated');
    expect(await backFace.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      await generated.evaluate((el) => getComputedStyle(el).backgroundColor),
    );

    await checkAccessibility(a.page, 'a thread with faces');
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
