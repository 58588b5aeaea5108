import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs, loginInArabic } from '../support/login';
import { groupMemberWithFriends } from '../support/network';
import { checkNothingCoveredAtBothSizes } from '../support/occlusion';

/*
 * Issue 34 item 4: the client in French and in Arabic (right to left), chosen
 * by the browser's languages or the appearance menu's Language setting. Each
 * main screen is checked with axe and the occlusion check at 1280x800 and
 * 390x844, and its screenshots kept for a person to look at.
 */
const e2e = useE2E();
const SCREENS = '/work/screens/w34-lang';

const documentLanguage = (page: Page): Promise<{ lang: string; dir: string }> =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** The visible elements reaching past either side of the viewport, for a failure's message. */
const overflowing = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      })
      .slice(0, 8)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()}.${element.className} [${String(Math.round(box.left))}, ${String(Math.round(box.right))}]`;
      }),
  );

/** Axe and nothing covered at both sizes, with a screenshot of each. */
async function checkScreen(page: Page, name: string, screen: string): Promise<void> {
  await checkAccessibility(page, screen, { skipOcclusion: true });
  await page.screenshot({ path: `${SCREENS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/${name}-390.png` });
  await checkAccessibility(page, `${screen} (phone)`, { skipOcclusion: true });
  // Nothing scrolls sideways: a mirrored layout, or longer words, that overflow show here.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${screen} overflows the phone: ${(await overflowing(page)).join(', ')}`,
    })
    .toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await checkNothingCoveredAtBothSizes(page, screen);
}

/** Logs in through the Arabic login form, found by its Arabic names. */
describe('languages', () => {
  it('is Arabic, right to left, on every main screen for a browser that prefers Arabic', async () => {
    const { viewer, group } = groupMemberWithFriends(e2e.network);
    const { page, pageErrors } = await e2e.newPage(undefined, { locale: 'ar-EG' });

    await page.goto('/login');
    await page.getByRole('heading', { name: 'تسجيل الدخول إلى ماسنجر' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await checkScreen(page, 'login', 'the login page in Arabic');
    await loginInArabic(page, viewer);

    // The host page: the chat sidebar mirrors to the left edge.
    const sidebar = page.getByRole('complementary', { name: 'جهات الاتصال' });
    const groups = sidebar.getByRole('grid', { name: 'المجموعات' });
    await groups.locator(`[data-key="${group.id}"]`).waitFor();
    const box = await sidebar.boundingBox();
    expect(box?.x).toBeLessThan(100);
    await page.getByRole('banner').getByRole('button', { name: 'المظهر' }).waitFor();
    await checkScreen(page, 'host', 'the host page in Arabic');

    // A chat tab from the sidebar, docked at the left end.
    await groups.locator(`[data-key="${group.id}"]`).click();
    const tab = page.getByRole('region', { name: 'الدردشات المفتوحة' }).getByRole('group');
    await tab.getByRole('log', { name: 'الرسائل' }).getByRole('listitem').first().waitFor();
    await tab.getByRole('textbox', { name: 'رسالة' }).waitFor();
    await checkScreen(page, 'chat-tab', 'the host page with a chat tab in Arabic');
    await page.keyboard.press('Escape');

    // The inbox: the conversation list with its Arabic headings and unread counts.
    await page.goto('/messages');
    const list = page.getByRole('grid', { name: 'المحادثات' });
    await list.getByRole('row').first().waitFor();
    await page.getByRole('heading', { name: 'الدردشات' }).waitFor();
    await checkScreen(page, 'inbox', 'the inbox in Arabic');

    // A conversation: its history, the composer and the send button in Arabic, and days and
    // times in Arabic (ICU through Intl: the Arabic-Indic digits of ar-EG).
    await page.goto(`/messages/thread/${group.id}`);
    const conversation = page.getByRole('main', { name: 'المحادثة' });
    await conversation
      .getByRole('log', { name: 'الرسائل' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await conversation.getByRole('textbox', { name: 'رسالة' }).waitFor();
    await conversation.getByRole('button', { name: 'إرسال' }).waitFor();
    const times = await conversation.locator('time').allTextContents();
    expect(times.join(' ')).toMatch(/[\u0660-\u0669]|[\u0600-\u06FF]/);
    await checkScreen(page, 'conversation', 'a conversation in Arabic');
    expect(pageErrors).toEqual([]);
  });

  it('is French for a browser that prefers French', async () => {
    const { viewer } = groupMemberWithFriends(e2e.network);
    const { page, pageErrors } = await e2e.newPage(undefined, { locale: 'fr-FR' });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Se connecter à Messenger' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    await page.getByRole('textbox', { name: 'Nom d’utilisateur' }).fill(viewer.username);
    await page.getByLabel('Mot de passe', { exact: true }).fill(viewer.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('main', { name: 'Fil d’actualité' }).waitFor();
    await page
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('grid', { name: 'Amis' })
      .waitFor();
    await checkScreen(page, 'host-fr', 'the host page in French');
    expect(pageErrors).toEqual([]);
  });

  it('switches live from the appearance menu and keeps the choice across a reload', async () => {
    const { viewer } = groupMemberWithFriends(e2e.network);
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });

    await page.getByRole('banner').getByRole('button', { name: 'Appearance' }).click();
    await page.getByRole('menuitemradio', { name: 'Browser default', checked: true }).waitFor();
    await checkAccessibility(page, 'the appearance menu with its languages');
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();

    // The same page, now in Arabic and right to left, without a reload.
    await page.getByRole('main', { name: 'آخر الأخبار' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('complementary', { name: 'جهات الاتصال' }).waitFor();

    await page.reload();
    await page.getByRole('main', { name: 'آخر الأخبار' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    // Back to the browser's language (English here), chosen in Arabic.
    await page.getByRole('banner').getByRole('button', { name: 'المظهر' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية', checked: true }).waitFor();
    await page.getByRole('menuitemradio', { name: 'لغة المتصفح' }).click();
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(pageErrors).toEqual([]);
  });
});
