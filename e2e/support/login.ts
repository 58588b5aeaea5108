import type { Page } from 'playwright-core';
import type { NetworkPerson } from './network';

/** The login form's fields and button, found as a person finds them: by their names. */
export function loginForm(page: Page) {
  return {
    username: page.getByRole('textbox', { name: 'Username' }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Log In' }),
    error: page.getByRole('alert'),
  };
}

/** Opens /login and submits the form; does not wait for the outcome. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

/** Logs `person` in with the password from the network file and waits for the host page. */
export async function loginAs(page: Page, person: NetworkPerson): Promise<void> {
  await submitLogin(page, person.username, person.password);
  await page.getByRole('main', { name: 'News Feed' }).waitFor();
}

/** loginAs for a page in Arabic (the form's names in Arabic), waiting for the host page. */
export async function loginInArabic(page: Page, person: NetworkPerson): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'اسم المستخدم' }).fill(person.username);
  await page.getByLabel('كلمة السر', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.getByRole('main', { name: 'آخر الأخبار' }).waitFor();
}
